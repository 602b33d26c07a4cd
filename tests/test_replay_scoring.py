"""Scoring: the seeds' tables (000 例1/例2, 002) and the multipliers."""

from __future__ import annotations

import pytest

from napkifu.replay import napoleon_wins, round_scores
from napkifu.rules import build_rules

P5 = ("A", "B", "C", "D", "E")


def sc(
    preset: str,
    win: bool,
    adjutant: str | None = "B",
    bid: int = 13,
    players=P5,
    allies: int | None = None,
    **opts: str,
) -> tuple[int, ...]:
    rules = build_rules(preset, [(k.replace("_", "-"), [v]) for k, v in opts.items()], len(players))
    got = round_scores(rules, players, "A", adjutant, bid, win, allies)
    assert got is not None
    return tuple(got[p] for p in players)


def test_002_table() -> None:
    assert sc("standard", True) == (2, 1, -1, -1, -1)
    assert sc("standard", False) == (-2, -1, 1, 1, 1)
    assert sc("standard", True, None) == (4, -1, -1, -1, -1)  # alone
    assert sc("standard", False, None) == (-4, 1, 1, 1, 1)
    assert sc("standard", True, bid=20) == (4, 2, -2, -2, -2)  # a 20 bid doubles
    assert sc("standard", False, bid=20) == (-4, -2, 2, 2, 2)


def test_002_other_player_counts() -> None:
    assert sc("standard", True, players=("A", "B", "C", "D")) == (3, 1, -2, -2)
    assert sc("standard", False, None, players=("A", "B", "C", "D")) == (-6, 2, 2, 2)
    six = ("A", "B", "C", "D", "E", "F")
    assert sc("standard", True, players=six) == (3, 1, -1, -1, -1, -1)
    assert sc("standard", True, None, players=six) == (5, -1, -1, -1, -1, -1)
    assert sc("standard", True, None, players=("A", "B", "C")) == (2, -1, -1)


def test_000_example_1_with_shutout() -> None:
    assert sc("classic", True, bid=11) == (2, 1, -1, -1, -1)
    assert sc("classic", False, bid=11, allies=5) == (-2, -1, 1, 1, 1)
    assert sc("classic", False, bid=11, allies=20) == (-4, -2, 2, 2, 2)
    assert sc("classic", False, None, bid=11, allies=20) == (-8, 2, 2, 2, 2)


@pytest.mark.parametrize(
    ("bid", "unit", "nap", "adj"), [(11, 1, 2, 1), (14, 4, 8, 4), (12, 2, 4, 2)]
)
def test_000_example_2_formula(bid: int, unit: int, nap: int, adj: int) -> None:
    assert sc("classic", True, bid=bid, scoring="formula") == (nap, adj, -unit, -unit, -unit)
    assert sc("classic", False, bid=bid, scoring="formula") == (-nap, -adj, unit, unit, unit)


def test_formula_rounds_half_up() -> None:
    # 4 players, 2 allies, unit 1: Napoleon round(1*2/3*2)=round(1.33)=1, adjutant round(0.67)=1
    assert sc("classic", True, bid=11, players=("A", "B", "C", "D"), scoring="formula") == (
        1,
        1,
        -1,
        -1,
    )
    # 6 players alone: 5 allies, unit 2: round(2*5/3*2)=round(6.67)=7
    six = ("A", "B", "C", "D", "E", "F")
    assert sc("classic", True, None, bid=12, players=six, scoring="formula")[0] == 7


def test_multipliers() -> None:
    assert sc("standard", True, bid=15, bid_multiplier="on") == (6, 3, -3, -3, -3)
    assert sc("webgame", False, bid=20) == (-2, -1, 1, 1, 1)  # double-at-max win only
    assert sc("webgame", True, bid=20) == (4, 2, -2, -2, -2)
    assert sc("standard", True, bid=14, max_bid="14") == (4, 2, -2, -2, -2)
    assert sc("bga", True, bid=10) == (4, 2, -2, -2, -2)
    rules = build_rules("standard", [("scoring", ["none"])])
    assert round_scores(rules, P5, "A", "B", 13, True) is None


def test_twenty() -> None:
    win = build_rules("standard")
    loses = build_rules("standard", [("twenty", ["loses"])])
    assert napoleon_wins(win, 13, 20) and not napoleon_wins(loses, 13, 20)
    assert napoleon_wins(loses, 20, 20) and napoleon_wins(loses, 13, 19)
    assert not napoleon_wins(win, 13, 12)
