"""``napkifu replay``: relive a round trick by trick, and see why each trick was won.

Wiring only: the engine judges (:func:`napkifu.load`), the views present
(:mod:`napkifu.views`). Exit status as ``check``: 0 clean, 1 when the record has
errors (the replay is still shown: problems appear where they happen), 2 for a
usage error or an unreadable file.
"""

from __future__ import annotations

import argparse
import json
import sys

from napkifu.i18n import LANGS, default_lang
from napkifu.paths import not_a_record, text_encoding
from napkifu.terminal import escape


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "replay",
        help="show a round trick by trick: who won each trick and why",
        description="Replay a record: the seats, the auction and contract, every trick "
        "with its winner and why it won, the honors, and the result.",
    )
    p.add_argument("file", help="a .nap record")
    p.add_argument("--game", "-g", type=int, metavar="G", help="only game G (1-based)")
    p.add_argument("--round", "-r", type=int, metavar="R", help="only round R (as numbered)")
    p.add_argument(
        "--trick",
        "-t",
        type=int,
        metavar="T",
        help="only trick T (with --step: start there)",
    )
    p.add_argument(
        "--step",
        action="store_true",
        help="interactive: n/p next/previous trick, number+Enter jump, q quit "
        "(prints everything when not on a terminal)",
    )
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--lang", choices=LANGS, default=None, help="en or ja (default: the locale)")
    p.add_argument("--encoding", default=None, type=text_encoding, help="force the file's encoding")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from napkifu.api import load
    from napkifu.views import replay_step
    from napkifu.views.replay_data import replay_file
    from napkifu.views.replay_text import print_lines, render_file

    lang = args.lang or default_lang()
    problem = not_a_record(args.file, lang)  # (a FIFO or /dev/zero would never end)
    if problem is not None:
        print(f"napkifu replay: cannot open {escape(args.file)}: {problem}", file=sys.stderr)
        return 2
    try:
        judgement = load(args.file, encoding=args.encoding)
    except OSError as e:
        why = f"cannot open {args.file}: {e.strerror or e}"
        print(f"napkifu replay: {escape(why)}", file=sys.stderr)
        return 2
    if not judgement.games:  # unreadable: nothing to select, show why
        args.game = args.round = None
    try:
        data = replay_file(judgement, game=args.game, round=args.round)
    except LookupError as e:
        print(f"napkifu replay: {escape(str(e.args[0]))}", file=sys.stderr)
        return 2
    status = 1 if judgement.has_errors else 0
    if args.format == "json":
        indent = 2 if sys.stdout.isatty() else None
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=indent) + "\n")
        return status
    from napkifu.terminal import escape_tree

    data = escape_tree(data)  # type: ignore[assignment]  # names and comments from the record: no raw control characters
    rounds = [r for g in data["games"] for r in g["rounds"]]
    if args.step and replay_step.is_interactive(sys.stdin, sys.stdout):
        replay_step.run_terminal(rounds, lang, args.trick)
        return status
    print_lines(Console(highlight=False), render_file(data, lang, args.trick))
    return status
