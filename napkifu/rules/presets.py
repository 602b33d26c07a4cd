"""The presets: named sets of option values reproducing the rule sets of the seeds.

A preset is only data — option values — so the engine never asks which preset it
runs (RULES.md, "Presets"). Score units may depend on the player count; such a
value is a mapping from player count to units, with ``0`` as the fallback key.
"""

from __future__ import annotations

from typing import Any

ScoreUnits = tuple[int, int, int, int, int]
"""(napoleon, adjutant, allied, alone, alone-allied) of the ``table`` scoring."""

_STANDARD_UNITS: dict[int, ScoreUnits] = {
    0: (2, 1, 1, 4, 1),
    3: (2, 1, 1, 2, 1),  # no adjutant with 3 players: only the alone units matter
    4: (3, 1, 2, 6, 2),
    6: (3, 1, 1, 5, 1),
}

PRESETS: dict[str, dict[str, Any]] = {
    "standard": {  # seed 002 (rules guide)
        "jokers": 1,
        "min-bid": 13,
        "pass": "rebid",
        "call-own-card": "alone",
        "discard-honors": "void",
        "ladder": ("yoromeki", "mighty", "joker-lead", "trump-jack", "back-jack",
                   "same-two", "trump", "lead"),
        "joker-lead": "trump",
        "joker-request": "lead",
        "same-two-trump": "on",
        "same-two-joker": "blocks",
        "reverse-jack": "off",
        "score-units": _STANDARD_UNITS,
        "double-at-max": "on",
    },
    "webgame": {  # seed 003 (web game page)
        "jokers": 1,
        "min-bid": 13,
        "pass": "out",
        "call-own-card": "alone",
        "discard-honors": "void",
        "ladder": ("yoromeki", "mighty", "trump-jack", "back-jack", "same-two",
                   "joker-lead", "trump", "lead"),
        "joker-lead": "trump",
        "joker-request": "off",
        "same-two-trump": "on",
        "same-two-joker": "blocks",
        "reverse-jack": "off",
        "score-units": {0: (2, 1, 1, 4, 1)},
        "double-at-max": "win",
    },
    "bga": {  # seed 004 (Board Game Arena), its "classic" scoring
        "jokers": 1,
        "min-bid": 8,
        "pass": "out",
        "call-own-card": "forbidden",
        "discard-honors": "allies",
        "ladder": ("yoromeki", "mighty", "joker-lead", "joker-follow", "trump-jack",
                   "back-jack", "same-two", "trump", "lead"),
        "joker-lead": "suit",
        "joker-request": "lead",
        "same-two-trump": "on",
        "same-two-joker": "blocks",
        "reverse-jack": "on",
        "score-units": {0: (4, 2, 2, 4, 1)},
    },
    "classic": {  # seed 000 (encyclopedia), 例1 scoring
        "jokers": 0,
        "min-bid": 11,
        "pass": "rebid",
        "call-own-card": "alone",
        "discard-honors": "allies",
        "ladder": ("mighty", "trump-jack", "back-jack", "trump", "lead"),
        "reverse-jack": "off",
        "score-units": {0: (2, 1, 1, 4, 1)},
        "double-shutout": "on",
    },
}  # fmt: skip
