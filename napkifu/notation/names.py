"""NAP108: player names that are not what they look like.

A season counts players by name, so ``Sora`` and ``Ѕora`` (a Cyrillic Ѕ) are two
people the table cannot tell apart, and a name holding a right-to-left override
(U+202E) prints differently from what it is. The record is still read as written
(it may be right: a Russian name is Cyrillic, a mixed name may be a joke); the
warning says which characters to look at. Japanese names mix scripts all the
time (漢字, かな, カナ, Latin initials), so only scripts that hold look-alikes of
each other count: Latin, Cyrillic and Greek.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from napkifu.diagnostics import Diagnostic
from napkifu.model import PlayerRef
from napkifu.terminal import BIDI_CONTROLS, escape

CODE = "NAP108"
_LOOKALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")
# Cyrillic and Greek letters drawn like Latin ones, mapped to them (a skeleton in the
# sense of Unicode TR39, for the scripts that matter here).
_SKELETON = str.maketrans(
    "АВЕЅІЈКМНОРСТХУаеһіјосрхуѕԁԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορτυχ",
    "ABESIJKMHOPCTXYaehijocpxysdqwABEZHIKMNOPTYXaikvoptux",
)


_SCRIPT_JA = {"LATIN": "ラテン文字", "CYRILLIC": "キリル文字", "GREEK": "ギリシャ文字"}


def _script(ch: str) -> str | None:
    if not ch.isalpha():
        return None
    name = unicodedata.name(ch, "")
    return next((s for s in _LOOKALIKE_SCRIPTS if name.startswith(s)), None)


def _scripts(name: str) -> set[str]:
    return {s for s in map(_script, name) if s is not None}


def skeleton(name: str) -> str:
    """What ``name`` looks like: its Cyrillic and Greek look-alikes as Latin."""
    return unicodedata.normalize("NFC", name).translate(_SKELETON)


_FACTS: dict[str, tuple[list[str], set[str], str]] = {}
"""What :func:`name_warnings` reads of each name (its bidi controls, its look-alike
scripts, its skeleton), by name: a season's ``players`` lines repeat a few names."""


def _facts(name: str) -> tuple[list[str], set[str], str]:
    facts = _FACTS.get(name)
    if facts is None:
        bidi = sorted({f"U+{ord(c):04X}" for c in name if c in BIDI_CONTROLS})
        facts = (bidi, _scripts(name), skeleton(name))
        if len(_FACTS) < 10_000:
            _FACTS[name] = facts
    return facts


def name_warnings(players: Iterable[PlayerRef], file: str, game: int | None) -> list[Diagnostic]:
    """NAP108 for each name of a ``players`` line with a bidi control, mixing
    look-alike scripts, or looking like another name of the line."""
    out: list[Diagnostic] = []
    seen: dict[str, str] = {}
    for p in players:
        bidi, scripts, look = _facts(p.name)
        if not bidi and len(scripts) <= 1 and look not in seen:
            seen[look] = p.name  # (the common case: nothing to say)
            continue
        shown = escape(p.name)
        if bidi:
            en = f"player name {shown} holds bidirectional controls ({', '.join(bidi)}): it prints differently from what it is"
            ja = f"プレイヤー名 {shown} に双方向制御文字（{', '.join(bidi)}）があります。表示と中身が違います"
        elif len(scripts) > 1:
            mixed = " and ".join(s.title() for s in _LOOKALIKE_SCRIPTS if s in scripts)
            en = f"player name {shown} mixes {mixed} letters that look alike: is it the name you meant?"
            mixed_ja = "と".join(_SCRIPT_JA[s] for s in _LOOKALIKE_SCRIPTS if s in scripts)
            ja = f"プレイヤー名 {shown} は見た目の似た文字（{mixed_ja}）が混ざっています。意図した名前ですか？"
        elif look in seen and seen[look] != p.name:
            other = escape(seen[look])
            en = f"player name {shown} looks just like {other} but is another name (other letters)"
            ja = f"プレイヤー名 {shown} は {other} と見分けがつきませんが、別の文字の別の名前です"
        else:
            seen.setdefault(look, p.name)
            continue
        seen.setdefault(look, p.name)
        out.append(Diagnostic(CODE, en, p.span, file, game, message_ja=ja))
    return out
