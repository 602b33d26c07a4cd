"""Property tests: random legal rounds (``napkifu simulate``, any preset, 4–6
players) check clean, and one injected fault — a revoke, a wrong score, a wrong
leader, a duplicated card, a wrong result or total — is always reported with its code on its line, with
nothing reported before that line except on the faulty round's own header lines
(its ``hand`` and ``adjutant`` lines are judged against the whole play, so a fault
in the play may rightly be reported there too)."""

from __future__ import annotations

import random

import pytest
from fuzzing.mutators import MUTATORS
from fuzzing.records import simulated, simulated_records
from fuzzing.strategies import valid_records
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import napkifu

SETTINGS = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def _diags(text: str) -> list[tuple[str, int, str]]:
    return [(d.code, d.span.line, d.message) for d in napkifu.loads(text).diagnostics]


@SETTINGS
@given(simulated_records())
def test_simulated_records_check_clean(text: str) -> None:
    assert _diags(text) == []


@pytest.mark.parametrize("name", sorted(MUTATORS))
@SETTINGS
@given(text=st.one_of(simulated_records(), valid_records()), seed=st.integers(0, 2**32 - 1))
def test_injected_fault_is_reported(name: str, text: str, seed: int) -> None:
    """On simulated games and on the legal seed records (3–6 players, rule overrides)."""
    clean = napkifu.loads(text)
    assert clean.diagnostics == ()
    fault = MUTATORS[name](text, clean, random.Random(seed))
    assume(fault is not None)
    assert fault is not None
    diags = _diags(fault.text)
    assert (fault.code, fault.line) in {(c, ln) for c, ln, _ in diags}, (fault.what, diags)
    header = _round_header(clean, fault.line)
    assert [d for d in diags if d[1] < fault.line and d[1] not in header] == [], (fault.what, diags)


def _round_header(j: napkifu.Judgement, line: int) -> range:
    """The lines from the ``round`` line of the round holding ``line`` to its first trick."""
    rounds = [r for r in j.rounds if r.span.line <= line]
    r = rounds[-1]
    end = r.tricks[0].span.line if r.tricks else line
    return range(r.span.line, end)


def test_a_duplicate_card_is_not_read_as_a_trick_out_of_seat_order() -> None:
    """Found by the property test above: with the hands given, a card played again
    (♦10 of trick 4, again in trick 10) happened to fit the given hands when trick 10
    was read in reverse seat order from another player, and that reading blamed the
    trick's other players for revokes. A card played earlier is no evidence of who
    holds it: the duplicate is reported, and only it."""
    text = simulated("webgame", 4, 2426, True)
    fault = MUTATORS["duplicate-card"](text, napkifu.loads(text), random.Random(13205953))
    assert fault is not None
    diags = _diags(fault.text)
    assert (fault.code, fault.line) in {(c, ln) for c, ln, _ in diags}
    assert [d for d in diags if d[0] == "NAP501" or d[1] > fault.line] == []
