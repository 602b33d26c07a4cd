"""The solver's values equal a brute-force minimax over the Python engine (issue
30, test b) on seeded random endgames of the last two and three tricks of every
preset and many option mixes; and every card's value is at most the position's."""

from __future__ import annotations

import random

import pytest

from napkifu.cards import JOKER
from napkifu.rules.presets import PRESETS
from napkifu.solve.engine import Position, available, best_move, solve, solver_for, values
from napkifu.solve.moves import legal_moves, minimax, play
from tests.test_solver_parity import random_rules

pytestmark = pytest.mark.skipif(not available(), reason="analysis engine not built")


def random_endgame(rng: random.Random, preset: str, left: int):  # type: ignore[no-untyped-def]
    """A random deal played at random by the engine's legal moves until ``left``
    tricks remain (mid-trick at times)."""
    rules = random_rules(rng, preset)
    trump = None if rng.random() < 0.2 else rng.randrange(4)
    n, size = rules.players, rules.tricks
    deck = list(range(52)) + [JOKER] * rules.jokers
    rng.shuffle(deck)
    hands = tuple(tuple(deck[i * size : (i + 1) * size]) for i in range(n))
    napoleon = rng.randrange(n)
    side = tuple(sorted({napoleon, rng.randrange(n)}))
    widow = sum(1 for c in deck[n * size :] if c in rules.honor_cards)
    pos = Position(hands, (), None, napoleon, 1, side, 0, widow, None)
    stop = (size - left) * n + rng.randrange(n)
    for _ in range(stop):
        pos = play(rules, trump, pos, rng.choice(legal_moves(rules, trump, pos)))
    return rules, trump, pos


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize(("left", "count"), [(2, 300), (3, 12)])
def test_solver_values_equal_brute_force(preset: str, left: int, count: int) -> None:
    rng = random.Random(f"minimax-{preset}-{left}")
    for _ in range(count):
        rules, trump, pos = random_endgame(rng, preset, left)
        solver = solver_for(rules, trump)
        want = minimax(rules, trump, pos)
        assert solve(solver, pos) == want, (rules.ladder, rules.settings, trump, pos)
        got = {(c, s): v for c, s, v in values(solver, pos)}
        moves = legal_moves(rules, trump, pos)
        assert sorted(got) == sorted(moves)
        for m in moves:
            assert got[m] == minimax(rules, trump, play(rules, trump, pos, m)), (pos, m)
        best = max if pos.seat in pos.napoleon_side else min
        assert best(got.values()) == want


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_pruning_keeps_the_values_of_plain_alpha_beta(preset: str) -> None:
    """The table on relative ranks, the sure-honor bounds, merged cards, the last
    trick's shortcut and MTD(f)'s guesses against plain alpha-beta over every legal
    card, on endgames of four and five tricks (too long for the Python minimax)."""
    rng = random.Random(f"pruning-{preset}")
    for i in range(40):
        rules, trump, pos = random_endgame(rng, preset, 4 + i % 2)
        plain = solver_for(rules, trump, pruning=False)
        fast = solver_for(rules, trump, table_cap=rng.choice((64, 1 << 20)))
        want = solve(plain, pos)
        assert solve(fast, pos, rng.choice((None, 0, want, 20))) == want, (rules.settings, pos)
        assert solve(fast, pos, want, lower=want) == solve(fast, pos, 0, upper=want) == want
        got = {(c, s): v for c, s, v in values(fast, pos)}
        assert got == {(c, s): v for c, s, v in values(plain, pos)}, (rules.settings, pos)
        card, named = best_move(fast, pos, want)
        assert got[(card, named)] == want


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_one_solver_through_a_game_keeps_plain_values(preset: str) -> None:
    """One solver carried through a whole line of play, as analyse_round does: its
    table and its history of cut-offs (move ordering only) are kept from one
    position to the next and must never change a value. Each position of a random
    line from four tricks before the end against a fresh plain search."""
    rng = random.Random(f"one-solver-{preset}")
    for _ in range(6):
        rules, trump, pos = random_endgame(rng, preset, 4)
        fast = solver_for(rules, trump)
        last = None
        while any(pos.hands):
            want = solve(solver_for(rules, trump, pruning=False), pos)
            assert solve(fast, pos, last) == want, (rules.settings, pos)
            last = want
            pos = play(rules, trump, pos, rng.choice(legal_moves(rules, trump, pos)))


def test_node_limit_stops_a_search_and_none_lifts_it() -> None:
    """``node_limit`` (the benchmark's guard against a run that would not end):
    a search that reaches it stops with a ValueError naming it, and the value is
    found again once the limit is lifted."""
    rng = random.Random("node-limit")
    rules, trump, pos = random_endgame(rng, "standard", 5)
    want = solve(solver_for(rules, trump, pruning=False), pos)
    fast = solver_for(rules, trump)
    fast.node_limit = 5
    with pytest.raises(ValueError, match="node limit"):
        solve(fast, pos)
    assert fast.node_limit == 5
    fast.node_limit = None
    assert solve(fast, pos) == want
