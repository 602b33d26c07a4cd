"""`napkifu fmt`: rewrite records in the one canonical layout, like black does for code.

The layout itself is the notation writer's (``format_record``); this command adds
what a hand-written record leaves out but the engine knows for certain — the
leader of every trick and the bidder of every bid — so that a formatted record
reads on its own. It never changes what a record says: the record parsed from the
output equals the record parsed from the input once both are completed the same
way, and fmt(fmt(x)) == fmt(x).

A file with notation errors (NAP101–NAP106) is refused: its model is a best guess,
and rewriting a guess would lose what the user wrote. Files are replaced
safely (:func:`napkifu.files.write_atomically`: read-only files refused, owner,
mode and hard links kept).
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import sys
from collections.abc import Iterator
from pathlib import Path

from napkifu.cards import CardStyle
from napkifu.diagnostics import Diagnostic
from napkifu.files import write_atomically
from napkifu.i18n import Lang, Text, default_lang
from napkifu.model import Bid, BidsLine, PlayerRef, Record, Round, TrickLine
from napkifu.paths import find_records
from napkifu.replay.results import JudgedGame, JudgedRound
from napkifu.terminal import escape

__all__ = ["complete", "expand", "format_text", "register", "run", "write_atomically"]

NOTATION_CODES = frozenset({"NAP101", "NAP102", "NAP103", "NAP104", "NAP105", "NAP106"})
# a round error with one of these codes leaves the auction (so the bidders) uncertain
_AUCTION_CODES = frozenset({"NAP301", "NAP302", "NAP303", "NAP304", "NAP305", "NAP900"})
# ... and these, at trick k, leave the leaders of the tricks after k uncertain
_TRICK_CODES = frozenset({"NAP501", "NAP502", "NAP507"})


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "fmt",
        help="rewrite records in the canonical layout",
        description="Rewrite .nap records in one canonical layout (comments kept, meaning "
        "unchanged): every trick's leader and every bidder written out, cards in one style.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="records or folders ('-': stdin)")
    p.add_argument(
        "--check",
        action="store_true",
        help="change nothing; exit 1 and list files that would change",
    )
    p.add_argument("--diff", action="store_true", help="change nothing; print a unified diff")
    p.add_argument(
        "--stdout", action="store_true", help="print the formatted records instead of rewriting"
    )
    p.add_argument(
        "--cards",
        choices=("unicode", "ascii"),
        default="unicode",
        help="card style (default: unicode ♠A)",
    )
    p.add_argument(
        "--fix",
        action="store_true",
        help="also list each repair: full-width spellings (１０ ＪＫ ＋1 −1 ： ♠︎), trick leaders and bidders written in",
    )
    p.add_argument(
        "--lang",
        choices=("en", "ja"),
        default=None,
        help="language of the messages (default: locale)",
    )


# -- completing a record from its judgement -----------------------------------------


def _round_errors(jr: JudgedRound) -> list[Diagnostic]:
    return [d for d in jr.diagnostics if d.is_error]


def _fill_bids(rnd: Round, jr: JudgedRound) -> tuple[BidsLine, ...]:
    if any(d.code in _AUCTION_CODES for d in _round_errors(jr)):
        return rnd.bids
    names = iter(jr.bid_players)
    lines = []
    for line in rnd.bids:
        bids: list[Bid] = []
        for bid in line.bids:
            who = next(names, None)
            if bid.player is None and who:
                bid = dataclasses.replace(bid, player=PlayerRef(who))
            bids.append(bid)
        lines.append(dataclasses.replace(line, bids=tuple(bids)))
    return tuple(lines)


def _fill_leaders(rnd: Round, jr: JudgedRound) -> tuple[TrickLine, ...]:
    errors = _round_errors(jr)
    if any(d.code in _AUCTION_CODES for d in errors):
        return rnd.tricks  # trumps or Napoleon in doubt: no leader is certain
    uncertain_after = min(
        (d.trick for d in errors if d.code in _TRICK_CODES and d.trick is not None), default=None
    )
    disputed = {d.trick for d in errors if d.code == "NAP501"}
    leaders = {t.number: t.leader for t in jr.tricks}
    out = []
    for trick in rnd.tricks:
        n = trick.number
        certain = (uncertain_after is None or n <= uncertain_after) and n not in disputed
        who = leaders.get(n)
        if trick.leader is None and certain and who:
            trick = dataclasses.replace(trick, leader=PlayerRef(who))
        out.append(trick)
    return tuple(out)


def complete(record: Record, games: tuple[JudgedGame, ...]) -> Record:
    """``record`` with every missing trick leader and bidder name the engine is sure of
    filled in. A game with a game-level error (its rules, its players) is left as is."""
    new_games = []
    for index, game in enumerate(record.games):
        jg = games[index] if index < len(games) else None
        if jg is None or any(d.is_error for d in jg.diagnostics):
            new_games.append(game)
            continue
        by_source = {id(jr.source): jr for jr in jg.rounds}
        rounds = []
        for pos, rnd in enumerate(game.rounds):
            jr = by_source.get(id(rnd))
            if jr is None and len(jg.rounds) == len(game.rounds):
                jr = jg.rounds[pos]
            if jr is not None and jr.source == rnd:
                rnd = dataclasses.replace(
                    rnd, bids=_fill_bids(rnd, jr), tricks=_fill_leaders(rnd, jr)
                )
            rounds.append(rnd)
        new_games.append(dataclasses.replace(game, rounds=tuple(rounds)))
    return dataclasses.replace(record, games=tuple(new_games))


def format_text(
    text: str, file: str = "<string>", cards: CardStyle = "unicode"
) -> tuple[str | None, list[Diagnostic]]:
    """The canonical text of a record, or None and the notation errors that make it
    unsafe to rewrite. The record is read and judged game by game (as
    :func:`napkifu.api.iter_loads` does), so memory follows the largest game and the
    text, not the whole record's model (which took ~70 bytes per input byte)."""
    from napkifu.notation.reader import iter_parse
    from napkifu.notation.stream import text_lines
    from napkifu.notation.writer import format_parts
    from napkifu.replay import judge

    blocking: list[Diagnostic] = []

    def completed() -> Iterator[Record]:
        for record, diags in iter_parse(text_lines(text), file):
            blocking.extend(d for d in diags if d.code in NOTATION_CODES and d.is_error)
            if not blocking:
                games, _ = judge(record, file=file)
                yield complete(record, games)

    formatted = format_parts(completed(), cards=cards)
    return (None, blocking) if blocking else (formatted, [])


# -- the command -----------------------------------------------------------------------


def expand(paths: list[str], lang: Lang, command: str = "fmt") -> Iterator[tuple[str, str | None]]:
    """(path, problem) of each record to rewrite (``fmt``, ``fill``); a folder's
    symlinks that lead out of it are skipped with a warning (a command that rewrites
    must not write outside the folder it was given), and so are its FIFOs and
    devices; one given explicitly has a problem (reading it would hang)."""
    for found in find_records(paths, confine=True, lang=lang):
        if found.empty:
            continue  # a folder with no record: nothing to rewrite
        if found.note is not None:
            print(f"napkifu {command}: {escape(found.note)}", file=sys.stderr)
        else:
            yield found.path, found.problem


MESSAGES = {
    "unreadable": Text(
        "napkifu fmt: cannot read {path}: {why}", "napkifu fmt: {path} を読めません: {why}"
    ),
    "unwritable": Text(
        "napkifu fmt: cannot rewrite {path}: {why} (left as it was)",
        "napkifu fmt: {path} を書き換えられません: {why}（元のまま）",
    ),
    "refused": Text(
        "error: cannot format {path}: fix the notation errors above first",
        "エラー: {path} は整形できません。先に上の記法エラーを直してください",
    ),
    "would": Text("would reformat {path}", "整形が必要: {path}"),
    "done": Text("reformatted {path}", "整形しました: {path}"),
    "summary": Text(
        "{changed} file(s) {verb}, {unchanged} left unchanged{refused}.",
        "{changed} ファイルを{verb_ja}、{unchanged} ファイルは変更なし{refused_ja}。",
    ),
}


def _render(d: Diagnostic, lang: Lang) -> str:
    message = d.message_ja if lang == "ja" and d.message_ja else d.message
    return f"{d.file}:{d.span.line}:{d.span.column}: {d.code} {d.severity.value}: {message}"


def _read(path: str) -> tuple[bytes, str | None, list[Diagnostic]]:
    from napkifu.notation import decode

    data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    text, diags = decode(data, file=path)
    return data, text, list(diags)


def run(args: argparse.Namespace) -> int:
    lang = getattr(args, "lang", None) or default_lang()
    status = 0
    changed = unchanged = refused = 0
    for path, problem in expand(args.files, lang):
        try:
            if problem is not None:
                raise OSError(problem)
            data, text, diags = _read(path)
        except OSError as exc:
            why = exc.strerror or str(exc)
            print(escape(MESSAGES["unreadable"](lang, path=path, why=why)), file=sys.stderr)
            status = 2
            continue
        blocking = [d for d in diags if d.is_error]
        new: str | None = None
        if text is not None and not blocking:
            new, blocking = format_text(text, file=path, cards=args.cards)  # type: ignore[arg-type]
        if new is None:
            for d in blocking:
                print(escape(_render(d, lang)), file=sys.stderr)
            print(escape(MESSAGES["refused"](lang, path=path)), file=sys.stderr)
            refused += 1
            status = max(status, 1)
            continue
        out = new.encode("utf-8")
        if args.stdout or path == "-":
            sys.stdout.write(new)
            continue
        if out == data:
            unchanged += 1
            continue
        changed += 1
        if getattr(args, "fix", False):
            from napkifu.notation.fix import repairs

            for repair in repairs(text or "", new, path):
                print(repair.text(path, lang), file=sys.stderr)
        if args.diff:
            sys.stdout.writelines(
                difflib.unified_diff(
                    (text or "").splitlines(keepends=True),
                    new.splitlines(keepends=True),
                    fromfile=f"{path} (original)",
                    tofile=f"{path} (formatted)",
                )
            )
        if args.check:
            print(escape(MESSAGES["would"](lang, path=path)), file=sys.stderr)
            status = max(status, 1)
        elif not args.diff:
            try:
                write_atomically(path, out)
            except OSError as exc:
                why = exc.strerror or str(exc)
                print(escape(MESSAGES["unwritable"](lang, path=path, why=why)), file=sys.stderr)
                changed -= 1
                status = 2
                continue
            print(escape(MESSAGES["done"](lang, path=path)), file=sys.stderr)
    if not args.stdout:
        preview = args.check or args.diff
        print(
            MESSAGES["summary"](
                lang,
                changed=changed,
                unchanged=unchanged,
                verb="would be reformatted" if preview else "reformatted",
                verb_ja="整形予定" if preview else "整形し",
                refused=f", {refused} refused" if refused else "",
                refused_ja=f"、{refused} ファイルは拒否" if refused else "",
            ),
            file=sys.stderr,
        )
    return status
