"""Done when (issue 27): for a slip planted in a clean generated record — a mistyped
card, a card left out of a trick, a misspelt leader, a score off by one, a total off
by one — every error diagnostic is on the slipped line, for every preset."""

from __future__ import annotations

import random
from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from slips import SLIPS

from napkifu.api import loads
from napkifu.simulate import SimConfig, render_files

PRESETS = ("standard", "webgame", "bga", "classic")


@lru_cache(maxsize=64)
def clean_record(preset: str, players: int, seed: int, deal: bool) -> str:
    from napkifu.simulate.emit import EmitOptions

    cfg = SimConfig(
        preset=preset, players=players, rounds=2, seed=seed, emit=EmitOptions(deal=deal)
    )
    ((_, text),) = render_files(cfg)
    return text


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    preset=st.sampled_from(PRESETS),
    players=st.integers(3, 6),
    seed=st.integers(0, 7),
    deal=st.booleans(),
    slip=st.sampled_from(sorted(SLIPS)),
    where=st.integers(0, 2**16),
)
def test_every_error_is_on_the_slipped_line(
    preset: str, players: int, seed: int, deal: bool, slip: str, where: int
) -> None:
    text = clean_record(preset, players, seed, deal)
    assert not loads(text).has_errors
    planted = SLIPS[slip](text, random.Random(where))
    if planted is None:
        return
    slipped, line = planted
    errors = [d for d in loads(slipped).diagnostics if d.is_error]
    assert errors, f"{slip} at line {line} not caught"
    off = [f"{d.span.line}: {d.code} {d.message}" for d in errors if d.span.line != line]
    assert off == [], f"{slip} at line {line}:\n" + slipped


def test_every_slip_kind_plants_on_a_known_line() -> None:
    text = clean_record("standard", 5, 0, False)
    lines = text.split("\n")
    for name, slip in SLIPS.items():
        planted = slip(text, random.Random(1))
        assert planted is not None, name
        changed, line = planted
        assert changed.split("\n")[line - 1] != lines[line - 1], name
