"""Bytes to text, or a NAP106 diagnostic saying exactly why not.

Records come from phones, old Windows tools and spreadsheets: UTF-8 with or
without a BOM is the notation's encoding, but Japanese clubs still produce
Shift_JIS (CP932) files. Those are read when they decode cleanly, with a
warning, rather than refused; anything else is an error that names the
encoding tried and the offset of the first bad byte, never a traceback.
"""

from __future__ import annotations

import codecs
import contextlib

from napkifu.diagnostics import Diagnostic, Severity
from napkifu.i18n import Text
from napkifu.model import Span

_BOM = codecs.BOM_UTF8
MSG = {
    "binary": Text(
        "this is not a text file: it holds a NUL byte at offset {offset}",
        "テキストファイルではありません（オフセット {offset} に NUL バイトがあります）",
    ),
    "utf16": Text(
        "this file is {name}; save it as UTF-8 (or pass --encoding {codec})",
        "このファイルは {name} です。UTF-8 で保存してください（または --encoding {codec}）",
    ),
    "bad": Text(
        "cannot decode the file as {tried}: byte 0x{byte:02X} at offset {offset} is not valid "
        "{first}",
        "{tried_ja}読めません。オフセット {offset} のバイト 0x{byte:02X} は {first} として不正です",
    ),
    "cp932": Text(
        "the file is not UTF-8 (byte 0x{byte:02X} at offset {offset}); it was read as "
        "Shift_JIS/CP932 — save it as UTF-8 to silence this warning",
        "UTF-8 ではありません（オフセット {offset} のバイト 0x{byte:02X}）。Shift_JIS/CP932 として"
        "読みました。UTF-8 で保存するとこの警告は消えます",
    ),
    "encoding": Text("unknown encoding `{encoding}`", "不明な文字コード `{encoding}`"),
}


_WIDE = (  # (pattern of the first bytes, name, codec): longest BOMs first
    (codecs.BOM_UTF32_LE, "UTF-32", "utf-32"),
    (codecs.BOM_UTF32_BE, "UTF-32", "utf-32"),
    (codecs.BOM_UTF16_LE, "UTF-16", "utf-16"),
    (codecs.BOM_UTF16_BE, "UTF-16", "utf-16"),
)


def wide_unicode(head: bytes) -> tuple[str, str] | None:
    """(name, codec) when the first bytes are UTF-32 or UTF-16 text, with a byte
    order mark or without one (ASCII letters then show as one byte and three or one
    NULs); None otherwise. UTF-32's marks start with UTF-16's: they are tried first."""
    for bom, name, codec in _WIDE:
        if head.startswith(bom):
            return name, codec
    if len(head) >= 8 and b"\x00" in head[:8]:
        nuls = [b == 0 for b in head[:8]]
        for pattern, name, codec in (
            ((False, True, True, True) * 2, "UTF-32 (little-endian)", "utf-32-le"),
            ((True, True, True, False) * 2, "UTF-32 (big-endian)", "utf-32-be"),
            ((False, True) * 4, "UTF-16 (little-endian)", "utf-16-le"),
            ((True, False) * 4, "UTF-16 (big-endian)", "utf-16-be"),
        ):
            if tuple(nuls) == pattern:
                return name, codec
    return None


def _position(data: bytes, offset: int) -> Span:
    """The line and column of byte ``offset`` (columns count characters, as best decodable)."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    prefix = data[line_start:offset]
    if line == 1 and prefix.startswith(_BOM):
        prefix = prefix[len(_BOM) :]
    column = len(prefix.decode("utf-8", "replace")) + 1
    return Span(line, column, line, column + 1)


def _diag(
    key: str, span: Span, file: str, severity: Severity | None = None, **values: object
) -> Diagnostic:
    text = MSG[key]
    return Diagnostic(
        "NAP106",
        text("en", **values),
        span,
        file,
        message_ja=text("ja", **values),
        severity_override=severity,
    )


def decode(
    data: bytes, file: str = "<string>", encoding: str | None = None
) -> tuple[str | None, list[Diagnostic]]:
    """The text of ``data`` (None when it cannot be read) and the NAP106 diagnostics."""
    if encoding is not None:
        try:
            codec = codecs.lookup(encoding)
        except LookupError:
            return None, [_diag("encoding", Span.point(1), file, encoding=encoding)]
        try:
            text = data.decode(codec.name)
        except UnicodeDecodeError as err:
            byte = data[err.start] if err.start < len(data) else 0
            return None, [
                _diag(
                    "bad",
                    _position(data, err.start),
                    file,
                    tried=encoding,
                    tried_ja=f"{encoding} として",
                    byte=byte,
                    offset=err.start,
                    first=encoding,
                )
            ]
        return _strip_bom(text), []
    wide = wide_unicode(data[:64])
    if wide is not None:
        return None, [_diag("utf16", Span.point(1), file, name=wide[0], codec=wide[1])]
    nul = data.find(b"\x00")
    if nul >= 0:
        return None, [_diag("binary", _position(data, nul), file, offset=nul)]
    try:
        return _strip_bom(data.decode("utf-8")), []
    except UnicodeDecodeError as err:
        bad = err.start
    bom = data.startswith(_BOM)
    fallback: str | None = None
    if not bom:
        with contextlib.suppress(UnicodeDecodeError):
            fallback = data.decode("cp932")
    found = not_utf8(file, _position(data, bad), data[bad], bad, bom, fallback is not None)
    return fallback, [found]


def not_utf8(file: str, span: Span, byte: int, offset: int, bom: bool, cp932: bool) -> Diagnostic:
    """The NAP106 for bytes that are not UTF-8 (first bad byte ``byte`` at ``offset``).

    A file without a UTF-8 BOM that reads cleanly as CP932 is read so, with a
    warning: Japanese Windows still saves Shift_JIS. A BOM says the writer meant
    UTF-8, so then the bad byte is an error, as is anything CP932 cannot read."""
    if cp932 and not bom:
        return _diag("cp932", span, file, Severity.WARNING, byte=byte, offset=offset)
    tried = "UTF-8 (it starts with a UTF-8 BOM)" if bom else "UTF-8 or Shift_JIS/CP932"
    tried_ja = (
        "先頭に BOM があるのに UTF-8 として" if bom else "UTF-8 としても Shift_JIS/CP932 としても"
    )
    values: dict[str, object] = {"tried": tried, "tried_ja": tried_ja, "byte": byte}
    return _diag("bad", span, file, None, first="UTF-8", offset=offset, **values)


def _strip_bom(text: str) -> str:
    return text[1:] if text.startswith("\ufeff") else text
