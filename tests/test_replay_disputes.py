"""Faults that could cascade: a disputed trick leader (H8-findings #2), lines lost to
syntax errors (``Round.lost_lines``) and more honors played than the deck holds
(H8-findings #3). Each must give the diagnostics the fault deserves and no knock-on."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzzing.records import simulated

import napkifu

EXAMPLES = Path(__file__).resolve().parent / "examples"


def found(text: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in napkifu.loads(text).diagnostics]


def swap(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def test_revoke_that_changes_the_winner_is_reported_once() -> None:
    """Mina's ♣8 and ♥2 swapped: trick 4 loses its same-two, so Kei wins it and the
    written leader of trick 5 (ハル) is no longer the computed one. The trick is seated
    from the written leader: nothing before the fault, no cascade after it (the revokes
    at tricks 8 and 9 are real: the swap moved ♣8 into a heart trick)."""
    text = swap(
        simulated("standard", 4, 0),
        ("ハル: ♣2 ♣8 ♣5 ♣7", "ハル: ♣2 ♥2 ♣5 ♣7"),
        ("ハル: ♥10 ♥2 ♥Q ♦7", "ハル: ♥10 ♣8 ♥Q ♦7"),
    )
    assert found(text) == [("NAP504", 16), ("NAP501", 17), ("NAP504", 20), ("NAP504", 21)]
    trick5 = napkifu.loads(text).rounds[0].tricks[4]
    assert trick5.leader == "ハル" and trick5.winner == "Kei"


def test_slip_of_the_leader_name_is_seated_from_the_computed_leader() -> None:
    """Trick 7's leader written as 太郎 instead of Kei: the cards are in Kei's order
    (Kei's winner leads trick 8 as written), so only the name is wrong."""
    clean = simulated("standard", 4, 0)
    text = swap(clean, ("  7 Kei: ♦K", "  7 太郎: ♦K"))
    assert found(text) == [("NAP501", 19)]
    assert napkifu.loads(text).rounds[0].tricks[6].leader == "Kei"


def test_omitted_leader_falls_back_to_the_computed_one() -> None:
    clean = simulated("standard", 4, 0)
    text = swap(clean, ("  7 Kei: ♦K", "  7 ♦K"))
    assert found(text) == []


@pytest.mark.skipif(not EXAMPLES.exists(), reason="shared examples not present")
def test_lost_trick_line_gives_only_its_syntax_error() -> None:
    """NAP102 on trick 6 of round 4 (leaders omitted): the later tricks cannot be seated,
    and the missing trick is the lost line, not a NAP502."""
    path = EXAMPLES / "faults/NAP102-bad-card-bga-1.nap"
    assert [(d.code, d.span.line) for d in napkifu.load(path).diagnostics] == [("NAP102", 187)]


def test_lost_trick_line_with_written_leaders_judges_the_rest() -> None:
    """With leaders written, the tricks after the lost one are seated from them: a real
    revoke later in the round is still caught, and the count of tricks and the result
    (which the lost trick decides) are not judged."""
    clean = simulated("standard", 4, 0)
    text = swap(clean, ("  5 ハル: ♣10 ♣9", "  5 ハル: ♣1O ♣9"))
    assert found(text) == [("NAP102", 17)]
    text = swap(
        text,
        ("ハル: ♥10 ♥2 ♥Q ♦7", "ハル: ♥10 ♣8 ♥Q ♦7"),
        ("ハル: ♣K ♥9 ♥7 ♥5", "ハル: ♣K ♥2 ♥7 ♥5"),
    )
    assert ("NAP504", 20) in found(text)
    assert not [c for c, ln in found(text) if c in ("NAP502", "NAP601", "NAP501")]


def test_honor_played_twice_with_play_unfinished() -> None:
    text = (
        "players ハル ソラ ミナ リク ケイ\nround 1\nnapoleon ハル 13♠\nadjutant ケイ\n"
        "2 ♦Q ♥A ♦10\n3 ♥Q ♥K ♠10\n4 ♣J ♣Q ♦K\n5 ♠A ♦J\n6 ♠K\n7 ♦A ♣K\n8 ♣10 ♠J\n9 ♣A\n"
        "10 ♥10 ♥10 ♥J ♠Q\nresult 13\n"
    )
    got = found(text)
    assert not [c for c, _ in got if c == "NAP900"]
    assert ("NAP503", 13) in got and ("NAP502", 13) in got
