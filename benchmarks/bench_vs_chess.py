"""`napkifu check` beside python-chess's PGN reading, in MB/s, in the same run.

    .venv/bin/python benchmarks/bench_vs_chess.py [CORPUS] [--games N] [--repeat R]

CORPUS is a folder of records (default: /work/shared/corpus/varied, written the many
ways people write records: comments, ``?`` cards, claims, score sheets, ASCII and
Unicode suits). Each side runs as a command, start-up included, one core, nothing
cached, R times in turn (default 3), and the best of each is compared:

- napkifu: ``napkifu check -q -j 1 --no-cache CORPUS`` (reads, replays and judges
  every card of every trick);
- python-chess: a Python process that reads every game of a PGN file with
  ``chess.pgn.read_game``, which parses each SAN move against the position, so every
  move is checked for legality (the library's ordinary way of reading a PGN).

The PGN is written first, from a fixed seed, with python-chess itself: N games
(default 1,500, about as many MB as the corpus) of random legal moves, 40 to 120
plies, the seven-tag roster and a few more tags, a comment on one move in twenty and
a NAG on one in thirty. Its figure depends little on what the games are: the cost is
one SAN parse and one move push per move. Prints both speeds and napkifu's ratio, and
the ratio per CPU second (user + system time of each command), steadier on a busy machine.
Needs the dev extras (``pip install -e '.[dev]'``: python-chess is one).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_check import NAPKIFU, Figure, corpus_size, machine, measure

DEFAULT_CORPUS = Path("/work/shared/corpus/varied")
READ_PGN = (
    "import sys, chess.pgn\n"
    "with open(sys.argv[1], encoding='utf-8') as f:\n"
    "    n = 0\n"
    "    while (game := chess.pgn.read_game(f)) is not None:\n"
    "        assert not game.errors, game.errors  # every move legal\n"
    "        n += 1\n"
    "print(n)\n"
)


def write_pgn(path: Path, games: int, seed: int = 1) -> int:
    """``games`` random legal games as PGN (see the module docstring); the moves."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    moves = 0
    with path.open("w", encoding="utf-8") as out:
        for number in range(games):
            board = chess.Board()
            game = chess.pgn.Game()
            game.headers.update(
                Event=f"Club evening {number // 20 + 1}",
                Site="Tokyo",
                Date=f"2026.{number % 12 + 1:02d}.{number % 28 + 1:02d}",
                Round=str(number % 20 + 1),
                White=f"Player {rng.randrange(40)}",
                Black=f"Player {rng.randrange(40)}",
                WhiteElo=str(rng.randrange(1200, 2400)),
                BlackElo=str(rng.randrange(1200, 2400)),
            )
            node: chess.pgn.GameNode = game
            for _ in range(rng.randint(40, 120)):
                legal = list(board.legal_moves)
                if not legal:
                    break
                move = rng.choice(legal)
                node = node.add_variation(move)
                if rng.random() < 1 / 20:
                    node.comment = rng.choice(["a blunder", "the only move", "time trouble"])
                if rng.random() < 1 / 30:
                    node.nags.add(rng.choice([1, 2, 3, 4, 5, 6]))
                board.push(move)
                moves += 1
            game.headers["Result"] = board.result()
            print(game, file=out, end="\n\n")
    return moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path, nargs="?", default=DEFAULT_CORPUS)
    parser.add_argument("--games", type=int, default=1500, help="PGN games to write")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, best kept")
    args = parser.parse_args()
    rounds, megabytes = corpus_size(args.corpus)
    with tempfile.TemporaryDirectory(prefix="napkifu-chess-") as work:
        pgn = Path(work) / "games.pgn"
        moves = write_pgn(pgn, args.games)
        pgn_mb = pgn.stat().st_size / 1e6
        check = [str(NAPKIFU), "check", "-q", "-j", "1", "--no-cache", str(args.corpus)]
        chess = [sys.executable, "-c", READ_PGN, str(pgn)]
        best: dict[str, Figure] = {}
        every: dict[str, list[Figure]] = {"napkifu": [], "chess": []}
        for _ in range(args.repeat):  # in turn, so that both see the same machine
            for name, argv, size in (("napkifu", check, megabytes), ("chess", chess, pgn_mb)):
                figure = measure(name, argv, rounds if name == "napkifu" else moves, size)
                if figure.status not in (0, 1):  # (1: check found problems; still timed)
                    print(f"{name} failed (exit {figure.status}): {figure.command}")
                    return 2
                every[name].append(figure)
                if name not in best or figure.seconds < best[name].seconds:
                    best[name] = figure
    ours, theirs = best["napkifu"], best["chess"]
    ours_speed, their_speed = megabytes / ours.seconds, pgn_mb / theirs.seconds
    print(machine())
    print(
        f"napkifu check: {megabytes:.2f} MB, {rounds:,} rounds in {ours.seconds:.2f} s "
        f"= {ours_speed:.2f} MB/s ({ours.command})"
    )
    print(
        f"python-chess:  {pgn_mb:.2f} MB, {args.games:,} games, {moves:,} moves in "
        f"{theirs.seconds:.2f} s = {their_speed:.2f} MB/s (chess.pgn.read_game, every move)"
    )
    print(f"ratio: napkifu reads {ours_speed / their_speed:.2f}x python-chess's MB/s")
    # Wall time is what a user waits, but on a busy machine it says more about the
    # other processes than about these two: per CPU second the ratio is steadier.
    ours_cpu = min(f.cpu_seconds for f in every["napkifu"])
    theirs_cpu = min(f.cpu_seconds for f in every["chess"])
    if ours_cpu and theirs_cpu:
        print(
            f"per CPU second (best of each: {ours_cpu:.2f} s and {theirs_cpu:.2f} s): "
            f"{(megabytes / ours_cpu) / (pgn_mb / theirs_cpu):.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
