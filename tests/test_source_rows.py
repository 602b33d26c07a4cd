"""A load judges its files into plain rows (``source_rows``: what a worker sends,
without polars) and makes the DataFrames of every run of judged files at once: the
season, its problems and its round index must be the tables made file by file, and
each file's result-cache entry (a slice of the run's tables) the file's own tables."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from napkifu.analysis import SeasonBuilder, sources
from napkifu.analysis.source_rows import source_rows
from napkifu.cache import ResultCache

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "sample_records").glob("*.nap"))
RECORDS = sorted((ROOT / "tests" / "records").rglob("*.nap"))
CORPUS = Path("/work/shared/corpus/varied")
TABLES = ("rounds", "player_rounds", "tricks", "bids", "season", "contracts", "excluded")


def _files(which: str) -> list[sources.SourceFile]:
    if which == "samples":
        paths, base = SAMPLES, ROOT / "sample_records"
    elif which == "records":
        paths, base = RECORDS, ROOT
    else:
        paths, base = sorted(CORPUS.rglob("*.nap")) if CORPUS.is_dir() else [], CORPUS
    return [sources.SourceFile.of(str(p.relative_to(base)), p.read_bytes()) for p in paths]


def _file_by_file(files: list[sources.SourceFile]) -> tuple[object, pl.DataFrame, pl.DataFrame]:
    """The season, problems and index made of each file's own tables, in order."""
    builder = SeasonBuilder()
    problems, index = [], []
    for f in files:
        frames = sources.file_frames((f.name, f.data))
        builder.add_frames(frames)
        problems.append(frames["problems"])
        index.append(frames["index"])
    return builder.finish(), pl.concat(problems), pl.concat(index)


def _same(loaded: sources.Loaded, files: list[sources.SourceFile]) -> None:
    season, problems, index = _file_by_file(files)
    for name in TABLES:
        assert loaded.season.table(name).equals(season.table(name)), name  # type: ignore[attr-defined]
    assert loaded.problems.equals(problems)
    assert loaded.index.equals(index)
    assert loaded.season.files == len(files)


@pytest.mark.parametrize("which", ["samples", "records", "corpus"])
def test_a_load_makes_the_tables_file_by_file_would(which: str) -> None:
    files = _files(which)
    if not files:
        pytest.skip("no shared corpus on this machine")
    loaded = sources.judge_sources(files, jobs=1)
    assert loaded.season.rounds.height > 0
    assert which != "records" or loaded.problems.height > 0  # (the others are clean)
    _same(loaded, files)


def test_each_cached_file_holds_its_own_tables(tmp_path: Path) -> None:
    """Each file's entry is a slice of its run's tables: the file's own tables; a
    load with every other file cached judges runs of one file between them."""
    files = _files("records")
    cache = ResultCache(str(tmp_path / "all"))
    sources.judge_sources(files, jobs=1, cache=cache)
    assert sources.wait_for_stores(60)
    stored = 0
    for f in files:
        own = sources.file_frames((f.name, f.data))
        cached = sources.cached_frames(cache, f)
        if own["problems"].get_column("code").eq("NAP900").any():
            assert cached is None
            continue
        assert cached is not None and cached.keys() == own.keys(), f.name
        assert all(cached[t].equals(own[t]) for t in own), f.name
        stored += 1
    assert stored > 1

    half = ResultCache(str(tmp_path / "half"))
    sources.judge_sources(files[::2], jobs=1, cache=half)
    assert sources.wait_for_stores(60)
    _same(sources.judge_sources(files, jobs=1, cache=half), files)


def test_a_crashed_file_in_a_run_is_listed_and_not_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from napkifu.analysis import source_rows as module

    files = _files("samples")
    whole = sources.judge_sources(files, jobs=1)
    real = module.loads

    def loads(data: bytes, file: str, detail: bool) -> object:
        if file == files[1].name:
            raise RuntimeError("boom")
        return real(data, file=file, detail=detail)

    monkeypatch.setattr(module, "loads", loads)
    cache = ResultCache(str(tmp_path))
    loaded = sources.judge_sources(files, jobs=1, cache=cache)
    assert sources.wait_for_stores(60)
    crashed = loaded.problems.filter(pl.col("code") == "NAP900").get_column("file").to_list()
    assert crashed == [files[1].name]
    kept = whole.season.rounds.filter(pl.col("file") != files[1].name)
    assert loaded.season.rounds.drop("duplicate_of").equals(kept.drop("duplicate_of"))
    stored = [sources.cached_frames(cache, f) is not None for f in files]
    assert stored == [f.name != files[1].name for f in files]


def test_the_workers_job_needs_no_polars_and_pickles_small() -> None:
    """A worker imports the job's module and runs it without polars (its import was
    60 % of a worker's start); the rows it sends are a fraction of the frames."""
    code = (
        "import sys\n"
        "from napkifu.analysis.source_rows import source_rows\n"
        f"got = source_rows(('s.nap', open({str(SAMPLES[0])!r}, 'rb').read()))\n"
        "assert got.rows.rounds and not got.crashed\n"
        "sys.exit(1 if 'polars' in sys.modules else 0)\n"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0
    item = (SAMPLES[0].name, SAMPLES[0].read_bytes())
    rows = pickle.dumps(source_rows(item), protocol=pickle.HIGHEST_PROTOCOL)
    frames = pickle.dumps(sources.file_frames(item), protocol=pickle.HIGHEST_PROTOCOL)
    assert len(rows) < len(frames) / 2
    assert pickle.loads(rows) == source_rows(item)


def test_folding_as_results_come_covers_every_file_once_in_order() -> None:
    """Folded a few files at a time as results come in from both ends (never across
    a cached file), then the rest: every file once, in order, the same tables."""
    from napkifu.analysis.folding import FOLD_FILES, Folder, gathered

    files = _files("records")
    judged = [source_rows((f.name, f.data)) for f in files]
    n = len(judged)
    assert n > 2 * FOLD_FILES + 3
    runs = [0] * 5 + [1] * (n - 9) + [2] * 4  # (two cached files in between)
    tables = sources._PACKED
    folder = Folder([None] * n, runs, tables)
    results: list[object] = [None] * n
    for step in range(n // 2):  # a worker from the front, the server from the back
        results[step], results[n - 1 - step] = judged[step], judged[n - 1 - step]
        folder(results)  # type: ignore[arg-type]
    assert folder.folded  # (some folded before the end)
    results = list(judged)
    folds = folder.finish(results)  # type: ignore[arg-type]
    assert sum(count for _, count in folds) == n
    starts = sorted(folder.folded)
    assert all(runs[s] == runs[s + c - 1] for s, (_, c) in folder.folded.items())
    for name in tables:
        got = pl.concat([f[name] for f, _ in folds])
        want = pl.concat(
            [gathered([(None, j) for j, r in zip(judged, runs, strict=True) if r == k], tables)[0][name]
             for k in (0, 1, 2)]
        )  # fmt: skip
        assert got.equals(want), name
    assert starts[0] == 0


def test_a_load_on_two_cores_makes_the_same_tables(tmp_path: Path) -> None:
    """A worker judges from the front, the server from the back, both folded as they
    come (some files cached in between): the tables of one process."""
    files = _files("records")
    half = ResultCache(str(tmp_path))
    sources.judge_sources(files[1::3], jobs=1, cache=half)
    assert sources.wait_for_stores(60)
    _same(sources.judge_sources(files, jobs=2, cache=half), files)
    _same(sources.judge_sources(files, jobs=2), files)
