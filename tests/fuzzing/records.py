"""Random legal records for property tests, from ``napkifu simulate``'s Python API."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import strategies as st

PRESETS = ("standard", "webgame", "bga", "classic")


@lru_cache(maxsize=512)
def simulated(
    preset: str,
    players: int,
    seed: int,
    deal: bool = False,
    rounds: int = 2,
    score_sheet: bool = False,
) -> str:
    """The text of one simulated game (``rounds`` rounds), as ``napkifu simulate`` writes it
    (``score_sheet``: no tricks, as a club's score sheet holds it)."""
    from napkifu.simulate import SimConfig, render_files
    from napkifu.simulate.emit import EmitOptions

    cfg = SimConfig(
        preset=preset,
        players=players,
        games=1,
        rounds=rounds,
        seed=seed,
        emit=EmitOptions(deal=deal, score_sheet=score_sheet),
    )
    ((_, text),) = render_files(cfg)
    return text


def simulated_records() -> st.SearchStrategy[str]:
    """Any preset, 4–6 players, with or without the deal written."""
    return st.builds(
        simulated,
        st.sampled_from(PRESETS),
        st.integers(4, 6),
        st.integers(0, 10_000),
        st.booleans(),
    )
