"""The season tables through the express lane (napkifu/express/facts.py).

``export``, ``load_season`` and the dashboard make a clean record's tables from
the lane's facts instead of its judged model. tests/test_express.py holds the rows
of every text it tries to the ordinary path's (``agree``); here the same is held
end to end — whole seasons, with filters, a file the lane gives up on half way, the
dashboard's packed tables — with the lane switched off as the reference, and the
lane's promise to hold one game's facts at a time is checked."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from pathlib import Path

import polars as pl
import pytest
from fuzzing.mutators import MUTATORS
from fuzzing.records import simulated

import napkifu
import napkifu.analysis.rows as rows_module
from dashboard.data import judge_file
from napkifu.analysis import SeasonFilter, file_rows, load_season
from napkifu.analysis.frames import unpack_frames
from napkifu.analysis.rows import express_rows
from napkifu.express import FactGame, clean_games
from napkifu.notation.reader import normalise

TABLES = ("rounds", "player_rounds", "tricks", "bids", "season", "contracts", "excluded")


def _faulty(name: str, text: str) -> str:
    """``text`` with one fault of kind ``name`` injected."""
    fault = MUTATORS[name](text, napkifu.loads(text), random.Random(name))
    assert fault is not None
    return fault.text


def _no_lane(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rows_module, "express_rows", lambda *args, **kwargs: None)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Clean games of four presets and 3–6 players, claims among them, and one file
    with a mis-scored round (which the lane leaves to the ordinary path)."""
    root = tmp_path_factory.mktemp("season")
    for i, (preset, players) in enumerate(
        [("standard", 5), ("webgame", 4), ("classic", 6), ("bga", 5), ("standard", 3)]
    ):
        text = simulated(preset, players, 40 + i, i % 2 == 0, rounds=4)
        (root / f"{i}-{preset}.nap").write_text(text, encoding="utf-8")
    broken = _faulty("wrong-score", simulated("standard", 5, 99, rounds=3))
    (root / "broken.nap").write_text(broken, encoding="utf-8")
    (root / "late.nap").write_text(_late(), encoding="utf-8")
    return root


def _late() -> str:
    """Two games, the second with a revoke: the lane proves the first clean, then
    gives up, and the whole file is judged the ordinary way."""
    good = simulated("standard", 5, 7, rounds=2)
    bad = _faulty("revoke", simulated("standard", 5, 8, rounds=2))
    return good + "\n" + bad.replace('game "Simulated standard game 1"', 'game "second"')


def _season(folder: Path, **kwargs: object) -> dict[str, pl.DataFrame]:
    season = load_season([folder], **kwargs)  # type: ignore[arg-type]
    return {name: season.table(name) for name in TABLES}


@pytest.mark.parametrize(
    "filters",
    [None, SeasonFilter(players=("Kei",)), SeasonFilter(presets=("bga",))],
    ids=["all", "one player", "one preset"],
)
def test_a_season_is_the_same_without_the_lane(
    folder: Path, filters: SeasonFilter | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = _season(folder, filters=filters)
    assert fast["rounds"].height > 0
    _no_lane(monkeypatch)
    slow = _season(folder, filters=filters)
    for name in TABLES:
        assert fast[name].equals(slow[name]), name


def test_the_lane_is_taken_for_the_clean_files_only(folder: Path) -> None:
    taken = {p.name: express_rows(p.read_bytes(), str(p)) is not None for p in folder.iterdir()}
    assert taken == {name: name not in ("broken.nap", "late.nap") for name in taken}
    (excluded,) = file_rows(str(folder / "broken.nap")).excluded
    assert excluded["code"] == "NAP602"


def test_the_dashboard_packs_the_same_tables_without_the_lane(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dashboard.data

    items = [(p.name, p.read_bytes()) for p in sorted(folder.iterdir())]
    fast = [unpack_frames(judge_file(item)) for item in items]
    monkeypatch.setattr(dashboard.data, "express_rows", lambda *args, **kwargs: None)
    slow = [unpack_frames(judge_file(item)) for item in items]
    for a, b in zip(fast, slow, strict=True):
        assert a.keys() == b.keys()
        for name in a:
            assert a[name].equals(b[name]), name
    assert sum(f["index"].height for f in fast) == 5 * 4 + 3 + 2 * 2  # every round, once


def test_a_file_that_goes_wrong_late_is_judged_the_ordinary_way() -> None:
    """Games the lane proved clean before it met a fault are dropped, not kept."""
    games: list[FactGame] = []
    assert express_rows(_late().encode(), "x.nap", also=games.append) is None
    assert len(games) == 1  # the first game was handed over, then the lane gave up


def test_one_game_at_a_time() -> None:
    """Each game's facts are handed over when the game ends, before the next is read:
    a caller that keeps only its rows never holds two games' facts."""
    text = "\n\n".join(
        simulated("standard", 5, seed, rounds=2).replace(
            "Simulated standard game 1", f"game {seed}"
        )
        for seed in range(3)
    )
    lines = normalise(text).split("\n")
    read = 0

    def counted() -> Iterator[str]:
        nonlocal read
        for line in lines:
            read += 1
            yield line

    handed: list[tuple[int, int]] = []
    assert clean_games(counted(), lambda game: handed.append((game.number, read)))
    starts = [i + 1 for i, line in enumerate(lines) if line.startswith("game")]
    assert [n for n, _ in handed] == [1, 2, 3]
    assert [at for _, at in handed] == [starts[1], starts[2], len(lines)]


def test_a_clean_files_rows_are_freed_without_the_cyclic_collector() -> None:
    """``export`` pauses the cyclic collector for a whole group of files
    (:func:`napkifu.analysis.parts.judge_group`); that is only safe when what a file's
    rows are made of holds no reference cycle, or every file's facts would stay alive
    until the group ends. Compiled, a closure and its frame made one (the lane's walk
    and the rows' ``take`` did): this catches its return."""
    path = str(
        Path(napkifu.__file__).parent.parent / "sample_records" / "friday-club-standard-5p.nap"
    )
    assert express_rows(Path(path).read_bytes(), path) is not None  # (clean: the lane's path)
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        del gc.garbage[:]
        file_rows(path)
        gc.collect()
        kept = {type(o).__name__ for o in gc.garbage}
    finally:
        gc.set_debug(0)
        del gc.garbage[:]
    assert not kept & {"FactGame", "FactRound", "FactTrick", "Table", "FileRows", "ColumnTable"}
