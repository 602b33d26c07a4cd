"""The rules of one game of a record: its ``rules`` and ``rule`` lines → Rules + NAP104."""

from __future__ import annotations

from napkifu.diagnostics import Diagnostic
from napkifu.model import Game, RuleLine
from napkifu.rules.build import (
    HAND_SIZES,
    RuleError,
    Rules,
    build_rules,
    check_option,
    check_preset,
)


def rules_for_game(game: Game, file: str = "") -> tuple[Rules, list[Diagnostic]]:
    """Build the game's rules, reporting every bad line as NAP104 at that line and
    going on without it (an unknown preset falls back to ``standard``)."""
    diags: list[Diagnostic] = []
    players = len(game.players.players) if game.players else 5
    if players not in HAND_SIZES:
        players = 5
    preset = game.preset
    if game.rules is not None:
        try:
            check_preset(preset)
        except RuleError as e:
            span = game.rules.value_span if game.rules.value_span.line else game.rules.meta.span
            diags.append(
                Diagnostic("NAP104", e.message, span, file, game.number, None, None, e.message_ja)
            )
            preset = "standard"
    good: list[tuple[str, tuple[str, ...]]] = []
    last_line: dict[str, RuleLine] = {}
    for line in game.rule_lines:
        try:
            check_option(line.key, line.values)
        except RuleError as e:
            diags.append(_at(line, e, file, game.number))
            continue
        good.append((line.key, line.values))
        last_line[line.key] = line
    try:
        return build_rules(preset, good, players), diags
    except RuleError as e:  # a combination is wrong (min-bid above max-bid)
        bad = last_line.get("max-bid") or last_line.get("min-bid")
        if bad is not None:
            diags.append(_at(bad, e, file, game.number))
        elif game.rules is not None:
            diags.append(
                Diagnostic(
                    "NAP104",
                    e.message,
                    game.rules.meta.span,
                    file,
                    game.number,
                    None,
                    None,
                    e.message_ja,
                )
            )
        kept = [(k, v) for k, v in good if k not in ("min-bid", "max-bid")]
        return build_rules(preset, kept, players), diags


def _at(line: RuleLine, e: RuleError, file: str, game: int) -> Diagnostic:
    span = line.key_span if e.part == "key" else line.values_span
    if not span.line:
        span = line.meta.span
    return Diagnostic("NAP104", e.message, span, file, game, None, None, e.message_ja)
