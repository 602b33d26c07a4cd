"""The club scorer's slips (issue 27) as records in tests/records/slips: one slip,
one diagnostic at its root, and nothing "proven" from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from napkifu.api import load

SLIPS = Path(__file__).parent / "records" / "slips"

EXPECTED: dict[str, list[tuple[str, int]]] = {
    "clean": [],
    "mistyped-card": [("NAP102", 27)],  # the trick line is lost, no revokes follow
    "card-left-out": [("NAP502", 20)],  # an unknown trick: no NAP504 from the hands
    "seat-order": [("NAP501", 20)],  # no NAP503/NAP204: the cards are re-read in order
    "wrong-bid-name": [("NAP303", 13)],  # the auction goes on in seat order
    "misspelt-adjutant": [("NAP103", 16)],  # no NAP402, no false NAP602
    "misspelt-leader": [("NAP103", 25)],
    "score-unbalanced": [("NAP602", 29), ("NAP604", 29)],
    "total-copied-wrong": [("NAP603", 30)],  # later totals are right: no more errors
    "illegal-call": [("NAP401", 16)],  # sides from the adjutant line: scores as written
    "unknown-widow-own-call": [],  # ♥A may have come from the widow
    "known-widow-own-call": [("NAP401", 11)],
    "claim-hand-revoke": [("NAP504", 20)],  # proven by ミナ's hand line alone
    "seat-order-no-hands": [("NAP501", 15)],  # re-read without hands: one error
    "result-lose-sheet": [("NAP605", 10)],  # a note, once per file (v1.1 §1)
}


def test_every_slip_record_is_pinned() -> None:
    assert sorted(p.stem for p in SLIPS.glob("*.nap")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_one_slip_one_diagnostic(name: str) -> None:
    got = sorted((d.code, d.span.line) for d in load(SLIPS / f"{name}.nap").diagnostics)
    assert got == sorted(EXPECTED[name])


def test_seat_order_hint_in_both_languages() -> None:
    (d,) = load(SLIPS / "seat-order.nap").diagnostics
    assert "the cards look written in seat order from さくら" in d.message
    assert "from リク, they are ♠10 ♠2 ♥2 ♠5 ♠3" in d.message
    assert d.message_ja is not None and "さくら からの席順で書かれているようだ" in d.message_ja


def test_wrong_bid_name_is_read_as_the_seat_in_turn() -> None:
    j = load(SLIPS / "wrong-bid-name.nap")
    (d,) = j.diagnostics
    assert "it is ハル's turn, not ミナ's" in d.message
    assert j.rounds[0].bid_players[2] == "ハル"
    assert j.rounds[0].napoleon == "健太"


def test_illegal_call_takes_the_sides_from_the_adjutant_line() -> None:
    r = load(SLIPS / "illegal-call.nap").rounds[0]
    assert (r.adjutant, r.alone, r.win) == ("さくら", False, True)
    assert r.scores == r.written_scores


def test_unknown_name_proves_no_score() -> None:
    r = load(SLIPS / "misspelt-adjutant.nap").rounds[0]
    assert r.adjutant == "さくら"  # the holder of ♠A, from the hands and the play
