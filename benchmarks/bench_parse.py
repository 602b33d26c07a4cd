"""How fast the notation layer reads: MB/s and rounds/s on a generated corpus.

The corpus is built from the example records: every example game's rounds are
repeated and renumbered into many games of 20 rounds (same players, same rules),
until the corpus holds ``--rounds`` rounds (100,000 by default). It is written in
canonical form by the writer, so it mixes score sheets, redeals and full play as
the examples do. Only ``napkifu.notation.parse`` is timed (no replay). With
``--file`` an existing record is timed instead (e.g. the output of
``napkifu simulate``, full standard records); ``--stream`` times the game-by-game
reader (``iter_parse``) that ``napkifu.api.iter_load`` uses, and prints the peak
resident memory of the process. Figures and the profile: benchmarks/profile-parse.md.

    .venv/bin/python benchmarks/bench_parse.py [--rounds N] [--repeat K] [--profile]
    .venv/bin/python benchmarks/bench_parse.py --file big.nap [--stream]
    .venv/bin/python benchmarks/bench_parse.py --iter-load big.nap [--whole]

``--iter-load`` reads, parses and judges a file with ``napkifu.api.iter_load``
(``--whole``: with ``napkifu.api.load``) keeping only counts, and prints the time
and the peak resident memory: the bounded-memory figure of issues 8 and 9.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import time
from pathlib import Path

from napkifu.model import Game, Record, TextLine
from napkifu.notation import decode, format_record, parse

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"
ROUNDS_PER_GAME = 20


def example_games(root: Path) -> list[Game]:
    games = []
    for path in sorted(root.glob("*/*.nap")):
        if path.parent.name == "faults":
            continue
        text, _ = decode(path.read_bytes())
        if text is None:
            continue
        record, diags = parse(text, str(path))
        if not diags:
            games.extend(g for g in record.games if g.rounds)
    return games


def corpus(rounds: int, root: Path = EXAMPLES) -> tuple[str, int]:
    """Canonical text of about ``rounds`` rounds (at least that many), and the exact count."""
    sources = example_games(root)
    games: list[Game] = []
    total = 0
    for number, source in zip(itertools.count(1), itertools.cycle(sources)):
        if total >= rounds:
            break
        take = [r for _, r in zip(range(ROUNDS_PER_GAME), itertools.cycle(source.rounds))]
        renumbered = tuple(dataclasses.replace(r, number=i) for i, r in enumerate(take, start=1))
        title = dataclasses.replace(source.game, value=f"bench {number}") if source.game else None
        games.append(dataclasses.replace(source, number=number, game=title, rounds=renumbered))
        total += len(renumbered)
    # Every game gets a `game` line so that the games stay apart.
    games = [g if g.game else dataclasses.replace(g, game=_title(g.number)) for g in games]
    return format_record(Record(tuple(games))), total


def _title(number: int) -> TextLine:
    return TextLine(f"bench {number}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--profile", action="store_true", help="profile one pass with pyinstrument")
    ap.add_argument("--file", type=Path, help="time this record instead of the example corpus")
    ap.add_argument("--stream", action="store_true", help="time the game-by-game reader")
    ap.add_argument("--iter-load", type=Path, help="judge this file game by game; print peak RSS")
    ap.add_argument("--whole", action="store_true", help="with --iter-load: use api.load")
    args = ap.parse_args()
    if args.iter_load is not None:
        judge_file(args.iter_load, args.whole)
        return
    if args.file is not None:
        text = args.file.read_text(encoding="utf-8")
        rounds = sum(1 for line in text.splitlines() if line.lstrip().startswith("round "))
    else:
        text, rounds = corpus(args.rounds)
    if args.stream:
        stream(text, rounds, args.repeat)
        return
    size = len(text.encode("utf-8"))
    parse("players A1 B1 C1\n")  # build the parser outside the timing
    if args.profile:
        from pyinstrument import Profiler

        profiler = Profiler()
        profiler.start()
        parse(text)
        profiler.stop()
        print(profiler.output_text(unicode=True, color=False))
        return
    best = best_cpu = float("inf")
    for _ in range(args.repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        record, diags = parse(text, "bench.nap")
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, time.process_time() - start_cpu)
    parsed = sum(len(g.rounds) for g in record.games)
    assert parsed == rounds, (parsed, rounds)
    errors = [d for d in diags if d.is_error]
    print(
        f"corpus: {rounds} rounds in {len(record.games)} games, {size / 1e6:.1f} MB, "
        f"{len(errors)} notation errors"
    )
    print(
        f"parse (wall): {best:.2f} s  {size / 1e6 / best:.2f} MB/s  {rounds / best:,.0f} rounds/s"
    )
    print(
        f"parse (cpu):  {best_cpu:.2f} s  {size / 1e6 / best_cpu:.2f} MB/s  "
        f"{rounds / best_cpu:,.0f} rounds/s"
    )


def judge_file(path: Path, whole: bool) -> None:
    import resource

    from napkifu import api

    start = time.perf_counter()
    judgements = [api.load(path)] if whole else api.iter_load(path)
    rounds = diagnostics = 0
    for judgement in judgements:
        rounds += sum(len(g.rounds) for g in judgement.games)
        diagnostics += len(judgement.diagnostics)
    took = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    size = path.stat().st_size
    print(
        f"{'load' if whole else 'iter_load'}: {rounds} rounds, {diagnostics} diagnostics, "
        f"{size / 1e6:.1f} MB in {took:.1f} s ({rounds / took:,.0f} rounds/s, "
        f"{size / 1e6 / took:.2f} MB/s), peak RSS {peak:.0f} MB"
    )


def stream(text: str, rounds: int, repeat: int) -> None:
    """Time ``iter_parse`` keeping only counts, as ``napkifu check`` does."""
    import resource

    from napkifu.notation.reader import iter_parse
    from napkifu.notation.stream import text_lines

    size = len(text.encode("utf-8"))
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        parsed = 0
        for record, _diags in iter_parse(text_lines(text), "bench.nap"):
            parsed += sum(len(g.rounds) for g in record.games)
        best = min(best, time.process_time() - start)
    assert parsed == rounds, (parsed, rounds)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"stream (cpu): {best:.2f} s  {size / 1e6 / best:.2f} MB/s  {rounds / best:,.0f} rounds/s"
        f"  peak RSS {peak:.0f} MB (text held in memory)"
    )


if __name__ == "__main__":
    main()
