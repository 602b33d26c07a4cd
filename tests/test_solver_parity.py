"""The solver's trick winner equals the engine's (issue 30, test a): on every trick
of every record in tests/, and on seeded random tricks of every preset and many
option mixes (a larger count: benchmarks/solver_parity.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from napkifu import api
from napkifu.cards import JOKER
from napkifu.rules import build_rules
from napkifu.rules.ladder import lead_suit_of, ranker
from napkifu.rules.options import LADDER_CLASSES
from napkifu.rules.presets import PRESETS
from napkifu.solve.engine import Unsolvable, available, solver_for

pytestmark = pytest.mark.skipif(not available(), reason="analysis engine not built")

ROOT = Path(__file__).parent


def random_rules(rng: random.Random, preset: str):  # type: ignore[no-untyped-def]
    """A preset with a random mix of the options of trick play."""
    overrides: list[tuple[str, tuple[str, ...]]] = []
    picks = {
        "jokers": ("0", "1", "2"),
        "joker-lead": ("trump", "suit"),
        "joker-play": ("any-time", "as-trump"),
        "same-two-first-trick": ("off", "on"),
        "same-two-last-trick": ("off", "on"),
        "same-two-trump": ("off", "on"),
        "same-two-joker": ("blocks", "counts"),
        "reverse-jack": ("off", "on"),
    }
    for key, vals in picks.items():
        if rng.random() < 0.5:
            overrides.append((key, (rng.choice(vals),)))
    if rng.random() < 0.3:
        ladder = [c for c in LADDER_CLASSES if rng.random() < 0.7] or ["lead"]
        rng.shuffle(ladder)
        overrides.append(("ladder", tuple(ladder)))
    players = rng.choice((3, 4, 5, 5, 6))
    return build_rules(preset, overrides, players)


def random_trick(rng: random.Random, rules, trump):  # type: ignore[no-untyped-def]
    deck = list(range(52)) + [JOKER] * rules.jokers
    cards = rng.sample(deck, rules.players)
    named = rng.randrange(4) if rules.joker_lead == "suit" else None
    return cards, lead_suit_of(rules, cards[0], named, trump), rng.randint(1, rules.tricks)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_tricks_match_the_engine(preset: str) -> None:
    rng = random.Random(f"parity-{preset}")
    checked = 0
    for _ in range(60):
        rules = random_rules(rng, preset)
        trump = None if rng.random() < 0.2 else rng.randrange(4)
        solver = solver_for(rules, trump)
        rank = ranker(rules, trump)
        for _ in range(500):
            cards, lead, number = random_trick(rng, rules, trump)
            want = rank.ranked(cards, lead, number, number == rules.tricks)[0]
            assert solver.winner(cards, lead, number) == want, (rules.ladder, cards, lead, number)
            checked += 1
    assert checked == 30_000


def test_every_trick_of_the_test_records_matches_the_engine() -> None:
    paths = sorted(ROOT.glob("records/**/*.nap")) + sorted(ROOT.glob("examples/**/*.nap"))
    tricks = 0
    for path in paths:
        judged = api.load(path)
        for game in judged.games:
            for rnd in game.rounds:
                try:
                    solver = solver_for(game.rules, rnd.trump)  # type: ignore[arg-type]
                except Unsolvable:
                    continue
                n = len(rnd.players)
                for t in rnd.tricks:
                    cards = [p.card for p in t.plays]
                    if len(cards) != n or any(c > JOKER for c in cards):
                        continue
                    number = t.number
                    lead = None if t.lead_suit is None else int(t.lead_suit)
                    want = [p.player for p in t.plays].index(t.winner)
                    assert solver.winner(cards, lead, number) == want, (path, t.number)
                    tricks += 1
    assert tricks > 100


def test_an_unmodelled_option_is_named() -> None:
    rules = build_rules("standard")
    from dataclasses import replace

    odd = replace(rules, settings=(*rules.settings, ("joker-weak-from", "8")))
    with pytest.raises(Unsolvable, match="joker-weak-from"):
        solver_for(odd, 0)
