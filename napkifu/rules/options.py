"""The option table: every rule option a record may set, its kind, values and default.

Validation (NAP104) and the ``Rules`` object both read this one table, so adding an
option is one row here plus its use in the engine — never a branch on a preset name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

OptionKind = Literal["choice", "int", "ladder"]

LADDER_CLASSES: tuple[str, ...] = (
    "yoromeki",
    "mighty",
    "joker-lead",
    "joker-follow",
    "trump-jack",
    "back-jack",
    "same-two",
    "trump",
    "lead",
)
"""Every ladder class the engine knows (RULES.md, "Trick resolution: the ladder")."""


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option as data (RULES.md): its kind, allowed values, default and bounds,
    so that a preset is only a set of values."""

    name: str
    kind: OptionKind
    values: tuple[str, ...] = ()  # the allowed words of a ``choice`` option
    default: str | int | tuple[str, ...] | None = None
    minimum: int | None = None  # for ``int`` options
    maximum: int | None = None


def _choice(name: str, default: str, *values: str) -> Option:
    return Option(name, "choice", tuple(values), default)


def _int(name: str, default: int | None, minimum: int, maximum: int) -> Option:
    return Option(name, "int", (), default, minimum, maximum)


OPTIONS: dict[str, Option] = {
    o.name: o
    for o in [
        _int("jokers", 1, 0, 2),
        _choice("honor-threes", "off", "off", "on"),
        _int("min-bid", 13, 1, 24),
        _int("max-bid", None, 1, 24),  # None: the number of honors
        _choice("no-trump", "off", "off", "on"),
        _choice("pass", "rebid", "out", "rebid"),
        _choice("call-timing", "before-exchange", "before-exchange", "after-exchange"),
        _choice("call-own-card", "alone", "alone", "forbidden"),
        _choice("discard-honors", "void", "void", "allies", "napoleon", "first-trick"),
        Option("ladder", "ladder", LADDER_CLASSES, ()),
        _choice("yoromeki", "on", "off", "on"),  # sugar on ``ladder``
        _choice("same-two", "on", "off", "on"),  # sugar on ``ladder``
        _choice("same-two-first-trick", "off", "off", "on"),
        _choice("same-two-last-trick", "on", "off", "on"),
        _choice("same-two-trump", "on", "off", "on"),
        _choice("same-two-joker", "blocks", "blocks", "counts"),
        _choice("joker-lead", "trump", "trump", "suit"),
        _choice("joker-play", "any-time", "any-time", "as-trump"),
        _choice("joker-request", "off", "off", "lead", "played"),
        _choice("mighty-play", "suited", "suited", "any-time"),
        _choice("opening-lead", "any", "any", "restricted"),
        _choice("reverse-jack", "off", "off", "on"),
        _choice("twenty", "win", "win", "loses"),
        _choice("scoring", "table", "table", "formula", "none"),
        _int("score-napoleon", 2, 0, 1000),
        _int("score-adjutant", 1, 0, 1000),
        _int("score-allied", 1, 0, 1000),
        _int("score-alone", 4, 0, 1000),
        _int("score-alone-allied", 1, 0, 1000),
        _choice("double-at-max", "off", "off", "on", "win"),
        _choice("double-shutout", "off", "off", "on"),
        _choice("bid-multiplier", "off", "off", "on"),
        # v1.1 (RULES.md, "Version 1.1"): more of the seeds' rules
        _choice("first-bidder", "rotate", "rotate", "keep-after-redeal", "previous-napoleon"),
        Option("joker-weak-from", "int", ("off",), "off", 1, 16),
        _choice("specials-first-trick", "on", "on", "off"),
        _choice("specials-last-trick", "on", "on", "off"),
        _choice("yoromeki-card", "♥Q", "♥Q", "♣4", "HQ", "C4"),
        _choice("yoromeki-vs-joker", "on", "on", "off"),
        _choice("discard-honors-allowed", "on", "on", "off"),
        Option("exchange", "int", ("all", "none"), "all", 0, 8),
    ]
}

SUGAR_OPTIONS = frozenset({"yoromeki", "same-two"})
"""Options that edit the ladder instead of holding a value of their own."""

SCORE_UNIT_OPTIONS: tuple[str, ...] = (
    "score-napoleon",
    "score-adjutant",
    "score-allied",
    "score-alone",
    "score-alone-allied",
)

UNSUPPORTED: dict[str, str] = {
    "betrayal": "betrayal with ♣10 (裏切り)",
    "perfect-declaration": "perfect declaration after trick 5 (パーフェクト宣言)",
    "yoromeki-return": "yoromeki return (よろめき返し)",
    "advanced-yoromeki": "killers beyond ♥Q (高度なよろめき)",
    "killers": "killers beyond ♥Q (高度なよろめき)",
    "first-come-bidding": "first-come bidding (早い者勝ちの競り)",
    "wild-joker": "wild-card jokers (万能ジョーカー)",
    "joker-pass": "the joker as a pass card (ジョーカーでパス)",
    "suit-strength": "suit strength in tricks (スートの強弱)",
    "all-pass": "all-pass variants other than redeal (配り直し以外の全員パスの扱い)",
    "speculation-deal": "choosing Napoleon by a turned card (めくり札でナポレオンを決める)",
    "short-deck": "removing low cards for 4 players (10 tricks)",
    "remove-low-cards": "removing low cards for 4 players (10 tricks)",
}
"""Local rules of the seeds that napkifu knows of but does not model (RULES.md, last
section): a record asking for one is rejected as "not supported", never misjudged."""

UNSUPPORTED_VALUES: dict[tuple[str, str], str] = {
    ("scoring", "bonus"): 'BGA\'s "bonus" scoring (not described in its help page)',
}
"""Values of modelled options that the seeds name but napkifu does not model."""
