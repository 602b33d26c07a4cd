"""Rules as data: options, presets, the :class:`Rules` object and the trick ladder.

Public API (stable; the replay engine and ``napkifu simulate`` build on it):

- :func:`build_rules` ``(preset="standard", overrides=(), players=5) -> Rules``
- :func:`rules_for_game` ``(game, file) -> (Rules, list[Diagnostic])`` (NAP104)
- :class:`Rules`, :class:`RuleError`, :data:`OPTIONS`, :data:`PRESETS`
- :func:`lead_suit_of`, :func:`classify`, :func:`resolve_trick` (napkifu.rules.ladder)
"""

from napkifu.rules.build import HAND_SIZES, RuleError, Rules, build_rules, check_option
from napkifu.rules.game_rules import rules_for_game
from napkifu.rules.ladder import classify, lead_suit_of, resolve_trick
from napkifu.rules.options import LADDER_CLASSES, OPTIONS, UNSUPPORTED
from napkifu.rules.outcome import TrickOutcome
from napkifu.rules.presets import PRESETS

__all__ = [
    "HAND_SIZES",
    "LADDER_CLASSES",
    "OPTIONS",
    "PRESETS",
    "UNSUPPORTED",
    "RuleError",
    "Rules",
    "TrickOutcome",
    "build_rules",
    "check_option",
    "classify",
    "lead_suit_of",
    "resolve_trick",
    "rules_for_game",
]
