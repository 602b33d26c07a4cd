"""Shrink a failing fuzz input to a small reproducer (delta debugging over lines,
then over the whitespace-separated tokens of each remaining line)."""

from __future__ import annotations

from collections.abc import Callable


def _ddmin(items: list[str], fails: Callable[[list[str]], bool]) -> list[str]:
    n = 2
    while len(items) >= 2:
        chunk = max(1, len(items) // n)
        reduced = False
        for start in range(0, len(items), chunk):
            rest = items[:start] + items[start + chunk :]
            if rest and fails(rest):
                items, n, reduced = rest, max(n - 1, 2), True
                break
        if not reduced:
            if chunk == 1:
                break
            n = min(len(items), n * 2)
    return items


def minimize(text: str, fails: Callable[[str], bool]) -> str:
    """The smallest text found for which ``fails`` still holds (``fails(text)`` must)."""
    lines = _ddmin(text.split("\n"), lambda ls: fails("\n".join(ls)))
    for i in range(len(lines)):
        words = lines[i].split(" ")

        def with_words(ws: list[str], i: int = i) -> bool:
            return fails("\n".join([*lines[:i], " ".join(ws), *lines[i + 1 :]]))

        lines[i] = " ".join(_ddmin(words, with_words))
    return "\n".join(lines)
