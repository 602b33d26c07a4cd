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
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TextIO

from napkifu.i18n import LANGS, Lang, Text, default_lang
from napkifu.paths import not_a_record, text_encoding
from napkifu.terminal import escape, escape_tree

if TYPE_CHECKING:
    from napkifu.replay.results import Judgement

Json = dict[str, Any]


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
    p.add_argument(
        "--analyse",
        "--analyze",
        action="store_true",
        help="show each card's double-dummy cost in honors and a best alternative "
        "(as napkifu analyze; every hand seen)",
    )
    p.add_argument(
        "--from-trick",
        type=int,
        default=1,
        metavar="N",
        help="with --analyse: analyse the cards of trick N on (default 1)",
    )


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from napkifu.api import iter_load
    from napkifu.views import replay_step
    from napkifu.views.replay_text import print_lines, render_games

    lang = args.lang or default_lang()
    problem = not_a_record(args.file, lang)  # (a FIFO or /dev/zero would never end)
    if problem is not None:
        why = MESSAGES["open"](lang, file=args.file, why=problem)
        print(f"napkifu replay: {escape(why)}", file=sys.stderr)
        return 2
    try:
        judgements = iter_load(args.file, encoding=args.encoding)
    except OSError as e:
        why = MESSAGES["open"](lang, file=args.file, why=e.strerror or e)
        print(f"napkifu replay: {escape(why)}", file=sys.stderr)
        return 2
    # text for a terminal: names and comments with no raw control characters
    read = _Replay(args.file, args.game, args.round, escaped=args.format != "json", lang=lang)
    if args.analyse:
        read.analyse_from = max(1, args.from_trick)
    games = read.games(judgements)
    if args.format == "json":
        if sys.stdout.isatty():  # indented for a person: made whole
            data = read.whole(list(games))
            sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        else:  # a program's: written game by game, the same bytes as json.dumps
            read.write_json(games, sys.stdout)
    elif args.step and replay_step.is_interactive(sys.stdin, sys.stdout):
        rounds = [r for g in games for r in g["rounds"]]
        if read.missing is None:
            replay_step.run_terminal(rounds, lang, args.trick)
    else:
        lines = render_games(games, read.loose, lang, args.trick)
        print_lines(Console(highlight=False), _lines_or_nothing(lines, read))
    if read.missing is not None:
        print(f"napkifu replay: {escape(read.missing)}", file=sys.stderr)
        return 2
    return 1 if read.has_errors else 0


def _lines_or_nothing(lines: Iterator[Any], read: _Replay) -> Iterator[Any]:
    """The lines, unless the selection turns out to match nothing."""
    for line in lines:
        if read.missing is None:
            yield line


MESSAGES = {
    "open": Text("cannot open {file}: {why}", "{file} を開けません: {why}"),
    "no-game": Text(
        "no game {game} in {file} (it has {count})",
        "{file} にゲーム {game} はありません（{count} ゲームあります）",
    ),
    "no-round-in-game": Text(
        "no round {round} in game {game} of {file}",
        "{file} のゲーム {game} にラウンド {round} はありません",
    ),
    "no-round": Text("no round {round} in {file}", "{file} にラウンド {round} はありません"),
}


class _Replay:
    """A record replayed game by game (only one game's judgement alive at a time),
    with ``--game`` and ``--round`` applied and the file's own diagnostics (those
    of no game or round) gathered for the end, as :func:`replay_file` gives them;
    ``escaped``: every text with its control characters escaped (for a terminal)."""

    def __init__(
        self, file: str, game: int | None, round: int | None, escaped: bool, lang: Lang = "en"
    ) -> None:
        self.file, self.game, self.round, self.escaped = file, game, round, escaped
        self.lang = lang
        self.loose: list[Json] = []
        self.has_errors = False
        self.missing: str | None = None  # why the selection matched nothing
        self.analyse_from: int | None = None  # --analyse: the first trick analysed

    def games(self, judgements: Iterator[Judgement]) -> Iterator[Json]:
        from napkifu.views.replay_data import replay_file

        count = kept = 0
        numbers: list[int] = []
        for judgement in judgements:
            data = replay_file(judgement)
            if self.analyse_from is not None:
                self._analyse(data, judgement)
            if self.escaped:
                data = escape_tree(data)  # type: ignore[assignment]
            self.loose.extend(data["diagnostics"])
            self.has_errors = self.has_errors or judgement.has_errors
            for g in data["games"]:
                count += 1
                numbers.append(g["number"])
                if self.game is not None and g["number"] != self.game:
                    continue
                if self.round is not None:
                    g["rounds"] = [r for r in g["rounds"] if r["round"] == self.round]
                    if not g["rounds"]:
                        continue
                kept += 1
                yield g
        if count and not kept and (self.game is not None or self.round is not None):
            self.missing = self._why(count, numbers)

    def _analyse(self, data: Json, judgement: Judgement) -> None:
        """``--analyse``: only the rounds selected are analysed (each takes time)."""
        from napkifu.commands.replay_analysis import attach

        def wanted(game: int, round: int) -> bool:
            return self.game in (None, game) and self.round in (None, round)

        attach(data, judgement, self.analyse_from or 1, wanted)

    def _why(self, count: int, numbers: list[int]) -> str:
        lang, file, rnd = self.lang, self.file, self.round
        if self.game is not None and self.game not in numbers:
            return MESSAGES["no-game"](lang, game=self.game, file=file, count=count)
        if self.game is not None or count == 1:
            game = self.game or numbers[0]
            return MESSAGES["no-round-in-game"](lang, round=rnd, game=game, file=file)
        return MESSAGES["no-round"](lang, round=rnd, file=file)

    def whole(self, games: list[Json]) -> Json:
        from napkifu.views.replay_data import FORMAT, VERSION

        return {
            "format": FORMAT,
            "version": VERSION,
            "file": self.file,
            "games": games,
            "diagnostics": self.loose,
            "has_errors": self.has_errors,
        }

    def write_json(self, games: Iterator[Json], out: TextIO) -> None:
        """``json.dumps(self.whole(games))`` written as the games come."""
        whole = json.dumps(self.whole([]), ensure_ascii=False)
        head = whole[: whole.index('"games": [') + len('"games": [')]
        first = True
        for g in games:  # (a selection that matches nothing yields no game)
            out.write(
                head + json.dumps(g, ensure_ascii=False)
                if first
                else ", " + json.dumps(g, ensure_ascii=False)
            )
            first = False
        if self.missing is not None:
            return
        if first:
            out.write(head)
        tail = json.dumps(
            {"diagnostics": self.loose, "has_errors": self.has_errors}, ensure_ascii=False
        )
        out.write("], " + tail[1:] + "\n")
