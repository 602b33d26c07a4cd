"""Diagnostics for people and for programs: text with the source line and a caret, or JSON.

The text form is the one compilers use (``file:line:col: CODE severity: message``)
so editors can jump to it; the caret is placed by display width, so it stands
under the right character after Japanese names (two cells each) and tabs.
Colour is added only when writing to a terminal.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence

from napkifu.diagnostics import Diagnostic, Severity
from napkifu.i18n import Lang, Text
from napkifu.terminal import escape

SEVERITY_WORD = {
    Severity.ERROR: Text("error", "エラー"),
    Severity.WARNING: Text("warning", "警告"),
    Severity.NOTE: Text("note", "注記"),
}
MORE = Text("{file}: … and {count} more", "{file}: … ほか {count} 件")
SUMMARY = Text(
    "{errors} error(s), {warnings} warning(s) in {files} file(s)",
    "{files} ファイル中 エラー {errors} 件、警告 {warnings} 件",
)
SUMMARY_NOTES = Text(
    "{errors} error(s), {warnings} warning(s), {notes} note(s) in {files} file(s)",
    "{files} ファイル中 エラー {errors} 件、警告 {warnings} 件、注記 {notes} 件",
)
_STYLE = {
    Severity.ERROR: "\x1b[1;31m",
    Severity.WARNING: "\x1b[1;33m",
    Severity.NOTE: "\x1b[1;36m",
}
_BOLD, _CARET, _RESET = "\x1b[1m", "\x1b[1;32m", "\x1b[0m"


def message(diag: Diagnostic, lang: Lang) -> str:
    """The diagnostic's message in ``lang`` (English when no translation was written)."""
    if lang == "ja" and diag.message_ja:
        return diag.message_ja
    return diag.message


def _cells(ch: str) -> int:
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def caret_line(source: str, column: int, end_column: int | None = None) -> str:
    """Spaces up to 1-based ``column`` of ``source`` (tabs kept, wide characters two
    cells) and carets under the span ``column``..``end_column`` (at least one)."""
    head = escape(source[: max(column - 1, 0)])  # as printed: control characters escaped
    pad = "".join("\t" if ch == "\t" else " " * _cells(ch) for ch in head)
    width = 1
    if end_column is not None and end_column > column:
        span = escape(source[column - 1 : end_column - 1])
        width = max(1, sum(_cells(ch) for ch in span))
    return pad + "^" * width


def render_text(
    diagnostics: Sequence[Diagnostic],
    lines: Mapping[int, str] | None = None,
    *,
    lang: Lang = "en",
    color: bool = False,
    excerpt: bool = True,
) -> list[str]:
    """Output lines for one file's diagnostics; ``lines`` maps line numbers to the
    source text shown under each diagnostic (omitted when absent)."""
    out: list[str] = []
    for d in diagnostics:
        sev = d.severity
        where = f"{escape(d.file)}:{d.span.line}:{d.span.column}:"
        head = f"{d.code} {SEVERITY_WORD[sev](lang)}:"
        if color:
            where, head = f"{_BOLD}{where}{_RESET}", f"{_STYLE[sev]}{head}{_RESET}"
        out.append(f"{where} {head} {escape(message(d, lang))}")
        source = (lines or {}).get(d.span.line)
        if excerpt and source is not None:
            end = d.span.end_column if d.span.end_line == d.span.line else None
            caret = caret_line(source, d.span.column, end)
            out.append(escape(source))
            out.append(f"{_CARET}{caret}{_RESET}" if color else caret)
    return out


def more_line(file: str, count: int, lang: Lang = "en") -> str:
    return MORE(lang, file=escape(file), count=count)


def summary_line(errors: int, warnings: int, files: int, lang: Lang = "en", notes: int = 0) -> str:
    """The count line after ``check``'s diagnostics (notes named only when there are some)."""
    if notes:
        return SUMMARY_NOTES(lang, errors=errors, warnings=warnings, notes=notes, files=files)
    return SUMMARY(lang, errors=errors, warnings=warnings, files=files)


def to_json_objects(
    diagnostics: Iterable[Diagnostic], lang: Lang = "en"
) -> list[dict[str, object]]:
    """The objects of ``--format json`` (keys exactly as NOTATION.md fixes them)."""
    objects = []
    for d in diagnostics:
        obj = d.to_json()
        obj["message"] = message(d, lang)
        objects.append(obj)
    return objects


def render_json(diagnostics: Iterable[Diagnostic], lang: Lang = "en") -> str:
    import json  # (only for --format json)

    return json.dumps(to_json_objects(diagnostics, lang), ensure_ascii=False, indent=2)
