"""A file's lines without ever holding the file: the streaming twin of :mod:`decode`.

A 200 MB dump must be checked in bounded memory, so a big file is read twice in
chunks: the first pass takes exactly the decisions :func:`napkifu.notation.decode`
takes on the whole bytes (UTF-16 BOM, NUL byte, first bad UTF-8 byte, the
CP932 fallback — which needs to know that the *whole* file is not UTF-8, hence
the separate pass) and gives the same NAP106 diagnostics with the same byte
offsets; the second pass decodes line by line. Line ends are split as
:func:`normalise` splits them (LF, CRLF, lone CR), so
line numbers and columns are those of the whole-text reading.
"""

from __future__ import annotations

import codecs
import io
import re
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from napkifu.diagnostics import Diagnostic
from napkifu.model import Span
from napkifu.notation.decode import _BOM, _diag, not_utf8, wide_unicode

CHUNK = 1 << 20  # bytes read at a time (tests make it tiny to cross every boundary)
SPLIT_LIMIT = 8 << 20
"""Characters of the longest text split at once into its lines (a list of lines
beside the text); a longer one is walked line by line."""
_LINE_END = re.compile(r"\r\n|\r|\n")


def normalise(text: str) -> str:
    """Drop a BOM and turn CRLF and lone CR line ends into LF (columns do not move)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def text_lines(text: str) -> Iterable[str]:
    """The lines of ``text`` as ``normalise(text).split("\\n")`` gives them: that list
    itself for a small text (the reader then walks a list, not a generator: a
    resumed frame less a line), else one at a time (no second copy of a big text)."""
    if len(text) <= SPLIT_LIMIT:  # a copy (two more with CR line ends), but a small one
        return normalise(text).split("\n")
    return _walked(text, 1 if text.startswith("\ufeff") else 0)


def _walked(text: str, start: int) -> Iterator[str]:
    """:func:`text_lines` of a big text, line by line."""
    for m in _LINE_END.finditer(text, start):
        yield text[start : m.start()]
        start = m.end()
    yield text[start:]


def file_lines(fh: BinaryIO, codec: str) -> Iterator[str]:
    """The lines of the binary file ``fh`` decoded with ``codec`` (which the first
    pass found valid), BOMs dropped as decode + normalise drop them."""
    fh.seek(0)
    reader = io.TextIOWrapper(fh, encoding=codec, errors="replace", newline="")
    first = True
    ended = True  # an empty file, or one whose last line has its end, ends with ""
    for line in reader:
        ended = True
        if line.endswith("\n"):
            line = line[:-2] if line.endswith("\r\n") else line[:-1]
        elif line.endswith("\r"):
            line = line[:-1]
        else:
            ended = False
        if first:
            first = False
            # decode() drops one BOM and normalise() another
            for _ in range(2):
                if line.startswith("\ufeff"):
                    line = line[1:]
        yield line
    if ended:
        yield ""
    reader.detach()


def sniff(fh: BinaryIO, file: str, encoding: str | None) -> tuple[str | None, list[Diagnostic]]:
    """The codec to read ``fh`` with (None: unreadable) and the NAP106 diagnostics,
    as :func:`napkifu.notation.decode.decode` would give them for the whole bytes."""
    if encoding is not None:
        try:
            codec = codecs.lookup(encoding)
        except LookupError:
            return None, [_diag("encoding", Span.point(1), file, encoding=encoding)]
        bad = _first_bad(fh, codec.name)
        if bad is None:
            return codec.name, []
        byte = _byte_at(fh, bad)
        return None, [
            _diag(
                "bad",
                position(fh, bad),
                file,
                tried=encoding,
                tried_ja=f"{encoding} として",
                byte=byte,
                offset=bad,
                first=encoding,
            )
        ]
    fh.seek(0)
    head = fh.read(64)
    wide = wide_unicode(head)
    if wide is not None:
        return None, [_diag("utf16", Span.point(1), file, name=wide[0], codec=wide[1])]
    nul = _find_nul(fh)
    if nul >= 0:
        return None, [_diag("binary", position(fh, nul), file, offset=nul)]
    bad = _first_bad(fh, "utf-8")
    if bad is None:
        return "utf-8", []
    bom = head.startswith(_BOM)
    cp932 = not bom and _first_bad(fh, "cp932") is None
    diag = not_utf8(file, position(fh, bad), _byte_at(fh, bad), bad, bom, cp932)
    return ("cp932" if cp932 else None), [diag]


def _chunks(fh: BinaryIO, start: int = 0, stop: int | None = None) -> Iterator[bytes]:
    fh.seek(start)
    left = stop - start if stop is not None else None
    while left is None or left > 0:
        chunk = fh.read(CHUNK if left is None else min(CHUNK, left))
        if not chunk:
            return
        if left is not None:
            left -= len(chunk)
        yield chunk


def _find_nul(fh: BinaryIO) -> int:
    offset = 0
    for chunk in _chunks(fh):
        at = chunk.find(b"\x00")
        if at >= 0:
            return offset + at
        offset += len(chunk)
    return -1


def _first_bad(fh: BinaryIO, codec: str) -> int | None:
    """The offset of the first byte ``codec`` cannot decode, or None."""
    decoder = codecs.getincrementaldecoder(codec)("strict")
    offset = 0
    try:
        for chunk in _chunks(fh):
            # an error's offset counts from the bytes the decoder still held back
            held = len(decoder.getstate()[0])
            decoder.decode(chunk)
            offset += len(chunk)
        held = len(decoder.getstate()[0])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError as err:
        return offset - held + err.start
    return None


def _byte_at(fh: BinaryIO, offset: int) -> int:
    fh.seek(offset)
    got = fh.read(1)
    return got[0] if got else 0


def position(fh: BinaryIO, offset: int) -> Span:
    """``decode._position`` for a file: line and column (in characters) of byte ``offset``."""
    line, line_start = 1, 0
    at = 0
    for chunk in _chunks(fh, 0, offset):
        newlines = chunk.count(b"\n")
        if newlines:
            line += newlines
            line_start = at + chunk.rfind(b"\n") + 1
        at += len(chunk)
    if line == 1 and offset >= len(_BOM):
        fh.seek(0)
        if fh.read(len(_BOM)) == _BOM:
            line_start = len(_BOM)
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    column = 1
    for chunk in _chunks(fh, line_start, offset):
        column += len(decoder.decode(chunk))
    column += len(decoder.decode(b"", final=True))
    return Span(line, column, line, column + 1)
