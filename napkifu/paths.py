"""Which files in a folder are records: ``*.nap`` and ``*.NAP`` (NOTATION.md v1.1
§5; a file named on the command line is read whatever its extension). One
predicate for ``check``, ``fmt``, ``export``/``stats`` and the dashboard."""

from __future__ import annotations

RECORD_SUFFIXES = (".nap", ".NAP")


def is_record_name(name: str) -> bool:
    """Whether a file found in a folder is read as a record."""
    return name.endswith(RECORD_SUFFIXES)


__all__ = ["RECORD_SUFFIXES", "is_record_name"]
