"""Each bound the solver cuts with (solver/src/bounds.rs) against the plain search:
at random positions of random deals of every preset and many option mixes, every
bound ``Solver.bounds`` reports holds the exact value between its lower and upper
ends. A bound that claims one honor too many somewhere fails here (a search with
the bound may still find the right value by other ways, so the search tests alone
would miss it); the test also asks that each bound does cut in many positions, so
that it cannot pass by being idle."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from napkifu.rules.presets import PRESETS
from napkifu.solve.engine import available, solve, solver_for
from napkifu.solve.moves import legal_moves, play
from tests.test_solver_minimax import random_endgame

pytestmark = pytest.mark.skipif(not available(), reason="analysis engine not built")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_bound_holds_the_plain_value(preset: str) -> None:
    rng = random.Random(f"bounds-{preset}")
    active: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for i in range(50):
        rules, trump, pos = random_endgame(rng, preset, 2 + i % 4)
        solver = solver_for(rules, trump)
        while any(pos.hands):
            exact = solve(solver_for(rules, trump, pruning=False), pos)
            cards = [c for h in pos.hands for c in h] + list(pos.trick)
            left = sum(c in rules.honor_cards for c in cards)
            for name, lower, upper in solver.bounds(pos.args()):
                assert lower <= exact <= upper, (name, lower, exact, upper, rules.settings, pos)
                seen[name] += 1
                active[name] += upper - lower < left  # narrower than no bound at all
            pos = play(rules, trump, pos, rng.choice(legal_moves(rules, trump, pos)))
    assert set(seen) == {"sure", "leader"}
    for name, count in seen.items():
        assert active[name] > count // 10, (name, active[name], count)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_sure_tricks_hold_once_the_mighty_is_out_or_a_suit_void(preset: str) -> None:
    """The sure tricks read only the tricks still possible (solver/src/sure.rs): no
    trick holds the mighty once it is played, and none is a same-two trick of a suit
    some hand is void in. Many short endgames, where both happen most, each bound
    against the plain search at every position of a random line."""
    rng = random.Random(f"sure-variant-{preset}")
    for i in range(150):
        rules, trump, pos = random_endgame(rng, preset, 2 + i % 2)
        solver = solver_for(rules, trump)
        while any(pos.hands):
            exact = solve(solver_for(rules, trump, pruning=False), pos)
            for name, lower, upper in solver.bounds(pos.args()):
                assert lower <= exact <= upper, (name, lower, exact, upper, rules.settings, pos)
            pos = play(rules, trump, pos, rng.choice(legal_moves(rules, trump, pos)))
