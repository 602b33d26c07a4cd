"""Winning ranks (solver/src/ranks.rs): a table entry serves every position that
differs from the one it was searched in only in which plain cards (no special
class) each hand holds, as far as the search did not read their ranks. One
solver, its table kept, judges a random endgame and then re-deals of its plain
cards (each hand keeps how many honors and others of each suit it holds), each
against a fresh plain alpha-beta search, on every preset and many option mixes."""

from __future__ import annotations

import random

import pytest

from napkifu.cards import JOKER
from napkifu.rules.presets import PRESETS
from napkifu.solve.engine import Position, available, solve, solver_for, values
from napkifu.solve.moves import legal_moves, play
from tests.test_solver_minimax import random_endgame

pytestmark = pytest.mark.skipif(not available(), reason="analysis engine not built")

# special classes come from identity: twos, jacks, the mighty, the yoromeki, ♣3
SPECIAL = {s * 13 + r for s in range(4) for r in (0, 9)} | {12, 23, 40}


def redeal_lows(rng: random.Random, pos: Position, honors: frozenset[int]) -> Position:
    """``pos`` with each suit's plain cards in hand (no special class), honors and
    the others apart, shuffled among the hands that hold them, every hand keeping
    how many of each it holds."""

    def kind(c: int) -> tuple[int, bool] | None:
        return None if c >= JOKER or c in SPECIAL else (c // 13, c in honors)

    hands = [list(h) for h in pos.hands]
    for k in {kind(c) for h in hands for c in h} - {None}:
        pool = [c for h in hands for c in h if kind(c) == k]
        rng.shuffle(pool)
        for h in hands:
            for i, c in enumerate(h):
                if kind(c) == k:
                    h[i] = pool.pop()
    return Position(
        tuple(tuple(sorted(h)) for h in hands),
        pos.trick,
        pos.named,
        pos.leader,
        pos.step,
        pos.napoleon_side,
        pos.taken,
        pos.widow_honors,
        pos.first_trick_napoleon,
    )


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_one_table_serves_redealt_plain_cards(preset: str) -> None:
    rng = random.Random(f"ranks-{preset}")
    redealt = 0
    for i in range(60):
        rules, trump, pos = random_endgame(rng, preset, 3 + i % 2)
        fast = solver_for(rules, trump)
        solve(fast, pos)
        for _ in range(8):
            other = redeal_lows(rng, pos, rules.honor_cards)
            redealt += other != pos
            want = solve(solver_for(rules, trump, pruning=False), other)
            assert solve(fast, other) == want, (rules.settings, trump, pos, other)
        plain = solver_for(rules, trump, pruning=False)
        assert values(fast, other) == values(plain, other), (rules.settings, other)
    assert redealt > 200  # the re-deals moved cards (the table's entries were reused)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_cards_equivalent_after_the_search_keep_plain_values(preset: str) -> None:
    """Rank equivalence after the search (``same_after`` in ranks.rs): once a low
    card's search read no rank of its suit at or below it, the hand's other cards of
    its run below the lowest read one are not searched. At every position of random
    lines from four and five tricks before the end (many hands then hold several low
    cards of a suit with other hands' cards between them), each card's value and the
    position's against a fresh plain alpha-beta search."""
    rng = random.Random(f"same-after-{preset}")
    for i in range(16):
        rules, trump, pos = random_endgame(rng, preset, 4 + i % 2)
        fast = solver_for(rules, trump)
        while any(pos.hands):
            plain = solver_for(rules, trump, pruning=False)
            assert solve(fast, pos) == solve(plain, pos), (rules.settings, trump, pos)
            got = values(fast, pos)
            assert got == values(plain, pos), (rules.settings, trump, pos)
            pos = play(rules, trump, pos, rng.choice(legal_moves(rules, trump, pos)))
