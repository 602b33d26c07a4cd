"""The notation layer: bytes → text (:func:`decode`), text → record (:func:`parse`),
record → canonical text (:func:`format_record`).

The grammar itself is ``napkifu/grammar.lark``; everything downstream reads the
record model (:mod:`napkifu.model`), never a parse tree.
"""

from napkifu.notation.decode import decode
from napkifu.notation.reader import grammar_text, parse

__all__ = ["decode", "format_record", "grammar_text", "parse"]


def __getattr__(name: str) -> object:
    # The writer is imported on first use: reading a file never needs it.
    if name == "format_record":
        from napkifu.notation.writer import format_record

        return format_record
    raise AttributeError(name)
