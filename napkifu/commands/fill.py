"""`napkifu fill`: write or correct the `score` and `total` lines from the rules.

Scorers add up points by hand; the engine already knows them. For every round it
can judge (no error other than a wrong score or total), ``fill`` writes the
rules' scores and the rules' running totals, replacing a wrong line in place or
adding a missing one after the round's last line, and leaves every other byte of
the file as it was. A round it cannot judge keeps what it says, and the totals
after it are written only while they are still certain (its written score counts;
without one, the game's later totals are left alone). It says which lines it
changed and writes the file atomically (through ``fmt``'s writer).

Exit status: 0 done (or nothing to do), 1 a file refused (notation errors) or,
with ``--check``, a file that would change; 2 a file that cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from napkifu.i18n import LANGS, Lang, Text, default_lang
from napkifu.model import PointsLine, Round
from napkifu.notation.fullwidth import comment_start
from napkifu.replay.results import JudgedGame, JudgedRound
from napkifu.terminal import escape

_SCORE_CODES = frozenset({"NAP602", "NAP603", "NAP604"})
SAY = {
    "changed": Text("{path}: round {round}: {kind} line {what}", "{path}: ラウンド {round}: {kind} 行を{what_ja}"),
    "written": Text("written", "追加しました"),
    "corrected": Text("corrected", "直しました"),
    "skipped": Text(
        "{path}: round {round} cannot be judged ({codes}): its score and total are left as written",
        "{path}: ラウンド {round} は判定できません（{codes}）。得点と累計は書かれたままです",
    ),
    "refused": Text(
        "{path}: not filled: fix the notation errors first (`napkifu check {path}`)",
        "{path}: 記法エラーがあるため書き込みません。先に直してください（`napkifu check {path}`）",
    ),
    "unreadable": Text("napkifu fill: cannot read {path}: {why}", "napkifu fill: {path} を読めません: {why}"),
    "unwritable": Text(
        "napkifu fill: cannot rewrite {path}: {why} (left as it was)",
        "napkifu fill: {path} を書き換えられません: {why}（元のまま）",
    ),
    "summary": Text("{lines} line(s) {verb} in {files} file(s).", "{files} ファイルで {lines} 行を{verb_ja}。"),
}  # fmt: skip


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "fill",
        help="write or correct the score and total lines from the rules",
        description="Write each judgeable round's `score` line and the running `total` "
        "line from the rules (a wrong one is corrected in place, a missing one added); "
        "every other line is kept as written. Says which lines changed.",
    )
    p.add_argument(
        "files", nargs="+", metavar="FILE", help="records or folders ('-': stdin, to stdout)"
    )
    p.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if a file would change"
    )
    p.add_argument(
        "--stdout", action="store_true", help="print the filled record instead of rewriting"
    )
    p.add_argument("--no-total", action="store_true", help="write score lines only")
    p.add_argument(
        "--lang", choices=LANGS, default=None, help="language of the messages (default: locale)"
    )


class _Edits:
    """Line replacements and insertions on a file's lines (1-based line numbers)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.replace: dict[int, str] = {}
        self.after: dict[int, list[str]] = {}

    def apply(self) -> str:
        out: list[str] = []
        for number, line in enumerate(self.lines, 1):
            out.append(self.replace.get(number, line))
            out.extend(self.after.get(number, ()))
        return "\n".join(out)


def _points(names: tuple[str, ...], values: dict[str, int], signed: bool) -> str:
    from napkifu.notation.writer import name_text

    parts = []
    for name in names:
        v = values[name]
        parts.append(f"{name_text(name)} {v:+d}" if signed and v > 0 else f"{name_text(name)} {v}")
    return " ".join(parts)


def _last_line(rnd: Round) -> int:
    """The last line holding one of the round's statements."""
    spans = [rnd.meta.span.end_line]
    for value in (rnd.dealer, rnd.widow, rnd.napoleon, rnd.call, rnd.adjutant, rnd.discard,
                  rnd.claim, rnd.result, *rnd.hands, *rnd.bids, *rnd.tricks):  # fmt: skip
        if value is not None:
            spans.append(value.meta.span.end_line)
    return max(spans)


def _put(edits: _Edits, line: PointsLine | None, anchor: int, text: str) -> None:
    """Replace ``line`` by ``text`` (its comment kept) or add it after line ``anchor``."""
    indent_of = edits.lines[anchor - 1]
    indent = indent_of[: len(indent_of) - len(indent_of.lstrip())] or "  "
    if line is not None:
        number = line.meta.span.line
        old = edits.lines[number - 1]
        comment = old[comment_start(old) :]
        edits.replace[number] = f"{indent}{text}" + (f"  {comment}" if comment else "")
        return
    edits.after.setdefault(anchor, []).append(f"{indent}{text}")


def _judgeable(jr: JudgedRound) -> bool:
    return jr.scores is not None and not any(
        d.is_error and d.code not in _SCORE_CODES for d in jr.diagnostics
    )


def fill_game(game: JudgedGame, edits: _Edits, totals_too: bool) -> list[tuple[int, str, str]]:
    """Edit one game's score and total lines; (round, kind, how) for each change, where
    kind is score, total or skipped and how is written or corrected."""
    names = game.players
    running: dict[str, int] | None = dict.fromkeys(names, 0)
    changes = []
    for jr in game.rounds:
        rnd = jr.source
        if rnd.is_redeal:
            continue
        scores = jr.scores if _judgeable(jr) else None
        if scores is None:
            codes = sorted({d.code for d in jr.diagnostics if d.is_error} - _SCORE_CODES)
            changes.append((rnd.number, "skipped", ", ".join(codes) or "-"))
            written = jr.written_scores
            ok = running is not None and written is not None and set(written) == set(names)
            running = {p: running[p] + written[p] for p in names} if ok else None  # type: ignore[index]
            continue
        anchor = _last_line(rnd)
        if jr.written_scores != scores:
            _put(edits, rnd.score, anchor, "score " + _points(names, scores, True))
            changes.append((rnd.number, "score", "corrected" if rnd.score else "written"))
        if rnd.score is not None:
            anchor = rnd.score.meta.span.line
        if running is None:
            continue
        running = {p: running[p] + scores[p] for p in names}
        if totals_too and jr.written_totals != running:
            _put(edits, rnd.total, anchor, "total " + _points(names, running, False))
            changes.append((rnd.number, "total", "corrected" if rnd.total else "written"))
    return changes


def fill_text(
    text: str, file: str, totals_too: bool = True
) -> tuple[str | None, list[tuple[int, str, str]], list[str]]:
    """The filled text (None when notation errors make it unsafe), the changes made and
    the codes of the notation errors that refused it."""
    from napkifu.api import loads
    from napkifu.commands.fmt import NOTATION_CODES

    judged = loads(text, file=file)
    refused = sorted(
        {d.code for d in judged.diagnostics if d.is_error and d.code in NOTATION_CODES}
    )
    if refused:
        return None, [], refused
    edits = _Edits(text.split("\n"))
    changes = []
    for game in judged.games:
        if any(d.is_error for d in game.diagnostics):
            continue
        changes += fill_game(game, edits, totals_too)
    return edits.apply(), changes, []


def run(args: argparse.Namespace) -> int:
    from napkifu.commands.fmt import expand, write_atomically
    from napkifu.notation import decode

    lang: Lang = args.lang or default_lang()
    status = lines = files = 0
    for path, problem in expand(args.files, lang, "fill"):
        try:
            if problem is not None:
                raise OSError(problem)
            data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
        except OSError as exc:
            why = exc.strerror or str(exc)
            print(escape(SAY["unreadable"](lang, path=path, why=why)), file=sys.stderr)
            status = 2
            continue
        text, _ = decode(data, file=path)
        new, changes, _ = (
            fill_text(text, path, not args.no_total) if text is not None else (None, [], [])
        )
        if new is None:
            print(escape(SAY["refused"](lang, path=path)), file=sys.stderr)
            status = max(status, 1)
            continue
        for number, kind, how in changes:
            if kind == "skipped":
                say = SAY["skipped"](lang, path=path, round=number, codes=how)
            else:
                what = SAY[how](lang)
                say = SAY["changed"](
                    lang, path=path, round=number, kind=kind, what=what, what_ja=what
                )
            print(escape(say), file=sys.stderr)
        if args.stdout or path == "-":
            sys.stdout.write(new)
            continue
        if new == text:
            continue
        if args.check:
            status = max(status, 1)
        else:
            try:
                write_atomically(path, new.encode("utf-8"))
            except OSError as exc:  # read-only, a full disk: said, the file left as it was
                why = exc.strerror or str(exc)
                print(escape(SAY["unwritable"](lang, path=path, why=why)), file=sys.stderr)
                status = 2
                continue
        files += 1
        lines += sum(1 for _n, kind, _h in changes if kind != "skipped")
    if not args.stdout:
        verb = (
            Text("would change", "変更する予定です")
            if args.check
            else Text("changed", "変更しました")
        )
        print(
            SAY["summary"](lang, lines=lines, files=files, verb=verb("en"), verb_ja=verb("ja")),
            file=sys.stderr,
        )
    return status
