"""A season judged without the judged tricks (``detail=False``, a dashboard's first
render) has the same tables as one judged with them, ``tricks`` aside, which is
built on request: the rounds' ids and the honors each player captured come from
the facts the engine keeps of every seated trick (``JudgedRound.played``), not
from a second reading of the play."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import polars as pl
import pytest

from napkifu.analysis import SeasonBuilder, source_rows, sources
from napkifu.api import iter_loads, loads
from napkifu.cache import ResultCache
from napkifu.cards import JOKER
from napkifu.replay.results import JudgedRound, PlayedTrick

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "sample_records").glob("*.nap"))
CORPUS = Path("/work/shared/corpus/varied")
RECORDS = sorted((ROOT / "tests" / "records").rglob("*.nap"))
HOSTILE = {
    '"M. Tanaka"': '"مرحبا 😀"',
    "Haru": '"<a href=https://example.com>Link</a>"',
    "Sora": '"%{y}<b>B</b>"',
    "花子": '"=SUM(1+1)"',
}


def _hostile() -> list[tuple[str, bytes]]:
    """The sample records with hostile player names (markup, a Plotly template, a
    formula, emoji, right-to-left text), as the dashboard's page tests use."""
    out = []
    for path in SAMPLES:
        text = path.read_text("utf-8")
        for old, new in HOSTILE.items():
            text = text.replace(old, new)
        out.append((f"hostile/{path.name}", text.encode("utf-8")))
    return out


def _corpus() -> list[tuple[str, bytes]]:
    paths = sorted(CORPUS.rglob("*.nap")) if CORPUS.is_dir() else []
    return [(str(p.relative_to(CORPUS)), p.read_bytes()) for p in paths]


def _files(which: str) -> list[tuple[str, bytes]]:
    if which == "samples":
        return [(p.name, p.read_bytes()) for p in SAMPLES]
    if which == "records":
        return [(str(p.relative_to(ROOT)), p.read_bytes()) for p in RECORDS]
    if which == "hostile":
        return _hostile()
    return _corpus()


def _facts(rnd: JudgedRound) -> tuple[PlayedTrick, ...]:
    """What the judged tricks say of each trick's leader, cards, winner and honors."""
    return tuple(
        PlayedTrick(
            t.number,
            t.leader,
            tuple(rnd.players.index(p.player) for p in t.plays),
            tuple(p.card for p in t.plays),
            tuple(p.joker_suit for p in t.plays) if JOKER in [p.card for p in t.plays] else (),
            t.winner,
            t.honors,
        )
        for t in rnd.tricks
    )


@pytest.mark.parametrize("which", ["samples", "records", "hostile"])
def test_the_engine_keeps_each_trick_s_facts_at_every_detail(which: str) -> None:
    rounds = 0
    for name, data in _files(which):
        full, light = loads(data, file=name), loads(data, file=name, detail=False)
        assert len(full.rounds) == len(light.rounds)
        for a, b in zip(full.rounds, light.rounds, strict=True):
            assert a.played == _facts(a), (name, a.game, a.number)
            assert [t.plays(a.players) for t in a.played] == [
                [(p.player, p.card, p.joker_suit) for p in t.plays] for t in a.tricks
            ]
            assert b.played == a.played and b.tricks in ((), a.tricks)  # (() unless re-read)
            assert (b.win, b.scores, b.honors_napoleon, b.diagnostics) == (
                a.win, a.scores, a.honors_napoleon, a.diagnostics,
            )  # fmt: skip
            rounds += bool(a.played)
    assert rounds >= 5  # (rounds with tricks were compared)


@pytest.mark.parametrize("which", ["samples", "records", "hostile"])
def test_check_s_judging_without_facts_gives_the_same_verdicts(which: str) -> None:
    """``facts=False`` (``check``: the diagnostics and verdicts alone) leaves out the
    played tricks and dealt hands, and nothing else."""
    rounds = 0
    for name, data in _files(which):
        light = loads(data, file=name, detail=False)
        bare = [j for j in iter_loads(data, file=name, detail=False, facts=False)]
        assert tuple(d for j in bare for d in j.diagnostics) == light.diagnostics, name
        got = [r for j in bare for r in j.rounds]
        assert len(got) == len(light.rounds)
        for a, b in zip(light.rounds, got, strict=True):
            assert b.played == () and b.hands is None
            assert dataclasses.replace(b, played=a.played, hands=a.hands) == a, (name, a.number)
            rounds += bool(a.played)
    assert rounds >= 5


@pytest.mark.parametrize("which", ["samples", "hostile", "corpus"])
def test_tables_without_detail_equal_those_with_it(which: str) -> None:
    files = _files(which)
    if not files:
        pytest.skip("no shared corpus on this machine")
    compared = 0
    for name, data in files:
        full = sources.source_frames(name, data, detail=True)
        light = sources.file_frames((name, data))
        assert light.keys() == full.keys() - {"tricks"}
        for table, frame in full.items():
            if table == "tricks":
                assert sources.trick_frames((name, data))["tricks"].equals(frame), name
            else:
                assert light[table].equals(frame), (name, table)
        compared += full["tricks"].height
    assert compared > 0


def _season_tricks(files: list[sources.SourceFile]) -> pl.DataFrame:
    builder = SeasonBuilder()
    for f in files:
        builder.add_frames(sources.source_frames(f.name, f.data, detail=True))
    return builder.finish().tricks


def _with_duplicates() -> list[sources.SourceFile]:
    """The samples, and the first of them again under another name: its rounds are
    duplicates, left out of the tricks table as from every other."""
    files = [sources.SourceFile.of(p.name, p.read_bytes()) for p in SAMPLES]
    return [*files, sources.SourceFile.of("zz-copy.nap", files[0].data)]


def test_the_tricks_table_is_built_when_asked(tmp_path: Path) -> None:
    files = _with_duplicates()
    loaded = sources.judge_sources(files, jobs=1)
    want = _season_tricks(files)
    assert loaded.season.tricks.height == 0 and loaded.season.tricks.schema == want.schema
    assert want.height > 0 and loaded.season.rounds.get_column("duplicate_of").is_not_null().any()
    assert loaded.tricks().equals(want)
    assert loaded.tricks() is loaded.tricks()  # (built once)


def test_a_cached_start_judges_nothing_and_reads_no_tricks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = ResultCache(str(tmp_path))
    files = _with_duplicates()
    first = sources.judge_sources(files, jobs=1, cache=cache)
    assert first.tricks().height > 0
    assert sources.wait_for_stores()

    def no_judging(*args: object, **kwargs: object) -> None:
        raise AssertionError("judged again")

    read: list[set[str]] = []
    unpack = sources.read_cached

    def reading(cache: ResultCache, key: str) -> dict[str, pl.DataFrame] | None:
        got = unpack(cache, key)
        read.append(set(got or ()))
        return got

    monkeypatch.setattr(source_rows, "loads", no_judging)
    monkeypatch.setattr(sources, "read_cached", reading)
    again = sources.judge_sources(files, jobs=1, cache=cache)
    assert read and all(r and "tricks" not in r for r in read)
    assert again.season.rounds.equals(first.season.rounds)
    assert len(read) == len(files)  # one entry a file: its round-level tables
    assert again.tricks().equals(first.tricks())  # from the cache, not judged


PAGES = ("overview", "ratings", "players", "games", "pairings", "replay", "problems", "export")


def test_a_restarted_dashboard_judges_nothing_and_builds_no_tricks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every page of a restarted server (in-memory caches empty, the result cache
    full) is drawn without judging a file for the season or building its tricks
    table: Export builds it only when its button is clicked."""
    streamlit = pytest.importorskip("streamlit")
    from streamlit.testing.v1 import AppTest

    folder = tmp_path / "records"
    folder.mkdir()
    for path in SAMPLES:
        (folder / path.name).write_bytes(path.read_bytes())
    monkeypatch.setenv("NAPKIFU_RECORDS", str(folder))
    monkeypatch.setenv("NAPKIFU_CACHE_DIR", str(tmp_path / "cache"))
    app = str(ROOT / "dashboard" / "app.py")

    def run() -> AppTest:
        streamlit.cache_resource.clear()
        streamlit.cache_data.clear()
        at = AppTest.from_file(app, default_timeout=120)
        at.run()
        assert not at.exception, at.exception
        return at

    run()
    assert sources.wait_for_stores()

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("judged or built on a cached start")

    monkeypatch.setattr(source_rows, "loads", refused)
    monkeypatch.setattr(sources, "season_tricks", refused)
    at = run()
    for page in PAGES:
        at.switch_page(f"views/{page}.py").run()
        assert not at.exception, (page, at.exception)
