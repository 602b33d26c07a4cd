"""Text from records made safe to print on a terminal.

A record is shared text: a player called ``"\\x1b]0;pwned\\x07"`` would retitle
the window, ``"\\x1b[2J"`` clear the screen, and ``"\\r"`` or ``"\\x1b[1A"`` erase
the very diagnostic that warns about it. Every text output prints what comes
from a record (names, comments, bad tokens, file names) through :func:`escape`,
which shows control characters as Python escapes (``\\x1b``), and bidi controls
too (``\\u202e``: text that reads differently from what it holds). Tabs stay (the
caret under a diagnostic lines up with them); napkifu's own colours are added
after escaping.
"""

from __future__ import annotations

import io
import os
import re
import sys

BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_CONTROL = re.compile(f"[\x00-\x08\x0a-\x1f\x7f-\x9f{BIDI_CONTROLS}]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape(text: str) -> str:
    """``text`` with its control characters (but tabs) shown as escapes."""
    return _CONTROL.sub(_escaped, text)


def escape_tree(value: object) -> object:
    """:func:`escape` applied to every string in a tree of dicts, lists and tuples
    (the replay's view data), keys included."""
    if isinstance(value, str):
        return escape(value)
    if isinstance(value, dict):
        return {escape_tree(k): escape_tree(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(escape_tree(v) for v in value)
    return value


def usable_streams() -> None:
    """Standard output and error that printing cannot crash: a stream the caller
    closed (``>&-``; Python then has None) goes to the null device (opened at
    once, so that it takes the closed descriptor and no file napkifu opens later
    can), and characters the stream's encoding lacks (cp932 on Japanese Windows
    has no ``♠`` or ``·``) are written as escapes instead of raising."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
        elif isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="backslashreplace")
