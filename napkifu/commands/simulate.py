"""`napkifu simulate`: generate plausible, valid records for demos, tests and benchmarks.

Bots bid, call, discard and play by the usual tactics; every rule question is
answered by the replay engine, so every generated record checks clean under its
rules. Output is a pure function of the options and ``--seed``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from napkifu.i18n import Text, default_lang


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "simulate",
        help="generate simulated records",
        description="Generate records of bot-played Napoleon games (valid under their rules, "
        "deterministic for a seed). Example: napkifu simulate --preset bga --players 4 "
        "--games 10 --rounds 5 --seed 7 -o out/",
    )
    p.add_argument("--preset", default="standard", help="rules preset (default: standard)")
    p.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="override one rule option (repeatable), e.g. --rule min-bid=12",
    )
    p.add_argument("--players", type=int, default=5, help="3 to 6 (default: 5)")
    p.add_argument("--games", type=int, default=1, help="games to play (default: 1)")
    p.add_argument("--rounds", type=int, default=5, help="rounds per game (default: 5)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("-o", "--output", metavar="DIR", help="write files into DIR")
    out.add_argument(
        "--stdout", action="store_true", help="print the records (the default without -o)"
    )
    p.add_argument(
        "--per-file", type=int, default=1, metavar="N", help="games per file with -o (default: 1)"
    )
    p.add_argument("--score-sheet", action="store_true", help="write score sheets only (no tricks)")
    p.add_argument("--deal", action="store_true", help="write the dealt hands and the widow")
    p.add_argument(
        "--names", help="comma-separated player names (default: a mixed Japanese/Latin roster)"
    )
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default: 1)")


MESSAGES = {
    "rule": Text(
        "--rule wants KEY=VALUE, got {item!r}",
        "--rule には KEY=VALUE の形で指定してください（{item!r}）",
    ),
    "players": Text("--players must be 3 to 6", "--players には 3 から 6 を指定してください"),
    "names-count": Text(
        "--names gives {count} names for {players} players",
        "--names の名前が {count} 人分しかありません（{players} 人必要です）",
    ),
    "names-distinct": Text(
        "--names must give distinct, non-empty names",
        "--names には空でない、互いに違う名前を指定してください",
    ),
    "counts": Text(
        "--games, --rounds and --per-file must be at least 1",
        "--games・--rounds・--per-file には 1 以上を指定してください",
    ),
    "write": Text("cannot write to {folder}: {why}", "{folder} に書き込めません: {why}"),
    "wrote": Text(
        "wrote {count} file(s) to {folder}", "{folder} に {count} 個のファイルを書きました"
    ),
}


def _usage(message: str) -> int:
    print(f"napkifu simulate: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from napkifu.simulate import SimConfig, SimulationError, iter_files
    from napkifu.simulate.emit import EmitOptions

    lang = default_lang()
    overrides: list[tuple[str, str]] = []
    for item in args.rule:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            return _usage(MESSAGES["rule"](lang, item=item))
        overrides.append((key.strip(), value.strip()))
    names = tuple(n.strip() for n in args.names.split(",")) if args.names else None
    if not 3 <= args.players <= 6:
        return _usage(MESSAGES["players"](lang))
    if names is not None and len(names) < args.players:
        return _usage(MESSAGES["names-count"](lang, count=len(names), players=args.players))
    if names is not None and (not all(names) or len(set(names[: args.players])) < args.players):
        return _usage(MESSAGES["names-distinct"](lang))
    if args.games < 1 or args.rounds < 1 or args.per_file < 1:
        return _usage(MESSAGES["counts"](lang))
    cfg = SimConfig(
        preset=args.preset,
        overrides=tuple(overrides),
        players=args.players,
        games=args.games,
        rounds=args.rounds,
        seed=args.seed,
        names=names,
        emit=EmitOptions(score_sheet=args.score_sheet, deal=args.deal),
    )
    count = 0
    try:
        files = iter_files(
            cfg, per_file=args.per_file if args.output else args.games, jobs=args.jobs
        )
        if not args.output:
            for _, text in files:
                sys.stdout.write(text)
            return 0
        folder = Path(args.output)
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in files:
            (folder / name).write_text(text, encoding="utf-8")
            count += 1
    except SimulationError as exc:
        return _usage(exc.message_ja if lang == "ja" else str(exc))
    except OSError as exc:
        return _usage(MESSAGES["write"](lang, folder=args.output, why=exc.strerror or exc))
    print(MESSAGES["wrote"](lang, count=count, folder=args.output), file=sys.stderr)
    return 0
