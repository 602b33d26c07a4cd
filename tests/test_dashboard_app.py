"""Every dashboard page through Streamlit's AppTest, on real records.

The records are example files (judged by the real engine) plus one faulty file;
what the pages show is checked against the analysis layer's own season (loaded
independently with ``load_season``), and the charts on the data in their figures.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from napkifu.analysis import load_season

streamlit = pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "dashboard" / "app.py")
SAMPLES = ROOT / "sample_records"
FAULT = "players Haru Sora Mina Riku Kei\n\nround 1\nnapoleon Zed 13♠\nadjutant Sora\nresult 14\n"
"""A record whose only fault is NAP103 at line 4 (``Zed`` is not a player)."""


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sample_records/ plus one faulty file, in a folder of their own."""
    sources = sorted(SAMPLES.rglob("*.nap"))
    if not sources:
        pytest.skip("no records to show (sample_records/ is empty)")
    folder = tmp_path_factory.mktemp("records")
    for i, src in enumerate(sources):
        shutil.copy(src, folder / f"{i:02d}-{src.name}")
    (folder / "zz-fault.nap").write_text(FAULT, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def expected(records: Path):  # type: ignore[no-untyped-def]
    return load_season([records])


@pytest.fixture
def at(records: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("NAPKIFU_RECORDS", str(records))
    monkeypatch.setenv("NAPKIFU_LANG", "en")
    streamlit.cache_data.clear()
    streamlit.cache_resource.clear()
    app = AppTest.from_file(APP, default_timeout=120)
    app.run()
    assert not app.exception, app.exception
    return app


def figure(at: AppTest, key: str) -> dict:
    """The Plotly figure JSON a chart element received (typed arrays decoded)."""
    for el in at.get("plotly_chart"):
        if (el.proto.id and key in el.proto.id) or getattr(el, "key", None) == key:
            return _decode(json.loads(el.proto.spec))
    specs = [json.loads(el.proto.spec) for el in at.get("plotly_chart")]
    raise AssertionError(f"no chart {key!r} among {len(specs)}")


def table(at: AppTest, column: str):  # type: ignore[no-untyped-def]
    """The first dataframe shown with ``column`` (pandas; headers, shown as the
    glossary says, read back as the columns' names)."""
    from napkifu.i18n import HEADERS

    names = {text("en"): key for key, text in HEADERS.items()}
    for el in at.dataframe:
        value = el.value.rename(columns=lambda c: names.get(c, c))
        if column in value.columns:
            return value
    raise AssertionError(f"no table with a {column!r} column")


def _decode(obj):  # type: ignore[no-untyped-def]
    if isinstance(obj, dict):
        if "bdata" in obj and "dtype" in obj:
            arr = np.frombuffer(base64.b64decode(obj["bdata"]), dtype=np.dtype(obj["dtype"]))
            if "shape" in obj:
                arr = arr.reshape([int(x) for x in str(obj["shape"]).split(",")])
            return arr.tolist()
        return {k: _decode(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_decode(v) for v in obj]
    return obj


def test_overview_leaderboard_and_cumulative(at: AppTest, expected) -> None:  # type: ignore[no-untyped-def]
    board = table(at, "rank")
    want = expected.season.sort(["points", "player"], descending=[True, False])
    assert list(board["player"]) == want["player"].to_list()
    assert list(board["points"]) == want["points"].to_list()
    fig = figure(at, "cumulative")
    finals = {tr["name"]: tr["y"][-1] for tr in fig["data"]}
    assert finals == dict(zip(want["player"], want["points"], strict=True))
    leader = next(h.value for h in at.get("html") if "leader" in h.value)
    assert want["player"][0] in leader


def test_language_switch(at: AppTest) -> None:
    at.button_group(key="lang").set_value("ja").run()
    assert not at.exception
    assert any("ランキング" in s.value for s in at.subheader)
    at.switch_page("views/players.py").run()
    assert not at.exception
    assert figure(at, "roles")["layout"]["title"]["text"] == "役割ごとの成績"
    assert at.session_state["lang"] == "ja"


def date_range(at: AppTest):  # type: ignore[no-untyped-def]
    """The sidebar's date range (its key names the season's bounds)."""
    return next(d for d in at.date_input if str(d.key).startswith("dates"))


def test_the_language_switch_heads_the_sidebar_and_no_visitor_names_a_folder(
    at: AppTest,
) -> None:
    """The switch heads the sidebar; the records folder is the server's
    (NAPKIFU_RECORDS): there is no box for a path."""
    assert at.sidebar.children[0].key == "lang"
    assert not at.text_input
    at.button_group(key="lang").set_value("ja").run()
    assert at.sidebar.children[0].key == "lang"
    assert date_range(at).label == "期間"
    at.button_group(key="lang").set_value(None).run()  # none picked: English
    assert not at.exception
    assert date_range(at).label == "Dates"


def test_a_missing_records_folder_is_said_without_its_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NAPKIFU_RECORDS", str(tmp_path / "nowhere"))
    monkeypatch.setenv("NAPKIFU_LANG", "en")
    streamlit.cache_resource.clear()
    app = AppTest.from_file(APP, default_timeout=120)
    app.run()
    assert not app.exception
    assert any("records folder is missing" in e.value for e in app.sidebar.error)
    assert not any("nowhere" in e.value for e in app.sidebar.error)


def test_the_date_range_follows_the_season(at: AppTest, expected) -> None:  # type: ignore[no-untyped-def]
    """Issue 29's stale filter: a season of other dates (an upload) and back again
    never keeps the old range, so the pages never go empty."""
    late = FAULT.replace("players", "date 2031-12-01\nplayers").replace("Zed", "Haru")
    at.file_uploader(key="uploads").upload("late.nap", late.encode()).run()
    assert not at.exception
    assert date_range(at).value == (date(2031, 12, 1), date(2031, 12, 1))
    at.file_uploader(key="uploads").clear().run()
    assert not at.exception
    counted = next(m for m in at.metric if m.label == "rounds counted")
    assert int(counted.value) > 0


def test_the_language_switch_is_drawn_when_loading_fails(
    records: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dashboard.state

    def boom(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("the disk is on fire")

    monkeypatch.setenv("NAPKIFU_RECORDS", str(records))
    monkeypatch.setenv("NAPKIFU_LANG", "en")
    monkeypatch.setenv("NAPKIFU_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(dashboard.state, "load_sources", boom)
    streamlit.cache_data.clear()
    streamlit.cache_resource.clear()
    app = AppTest.from_file(APP, default_timeout=120)
    app.run()
    assert "the disk is on fire" in str(app.exception[0].value)
    assert app.sidebar.children[0].key == "lang"
    streamlit.cache_resource.clear()


def test_player_filter_narrows_everything(at: AppTest, expected) -> None:  # type: ignore[no-untyped-def]
    someone = expected.season["player"][-1]
    at.multiselect(key="f_players").set_value([someone]).run()
    board = table(at, "rank")
    assert list(board["player"]) == [someone]
    kept = expected.player_rounds.filter(pl.col("player") == someone)
    assert board["rounds"][0] == kept.height
    assert board["points"][0] == kept["points"].sum()


def test_date_filter(at: AppTest, expected) -> None:  # type: ignore[no-untyped-def]
    dates = expected.rounds["date"].drop_nulls().unique().sort()
    if dates.len() < 2:
        pytest.skip("records span a single date")
    first = dates[0]
    date_range(at).set_value((first, first)).run()
    counted = next(m for m in at.metric if m.label == "rounds counted")
    want = expected.player_rounds.filter(pl.col("date") == first).select("file", "game", "round")
    assert int(counted.value) == want.unique().height


def test_players_page_charts(at: AppTest, expected) -> None:  # type: ignore[no-untyped-def]
    at.switch_page("views/players.py").run()
    assert not at.exception
    names = at.selectbox(key="player").options
    who = names[-1]
    at.selectbox(key="player").select(who).run()
    mine = expected.player_rounds.filter(pl.col("player") == who)
    roles = figure(at, "roles")
    won = dict(zip(roles["data"][0]["x"], roles["data"][0]["y"], strict=True))
    for role, label in (("napoleon", "Napoleon"), ("adjutant", "adjutant")):
        want = mine.filter((pl.col("role") == role) & pl.col("won")).height
        assert won[label] == want
    points = figure(at, "points")
    assert sum(points["data"][0]["y"]) == mine["points"].fill_null(0).sum()
    trumps = figure(at, "trumps")
    assert sum(trumps["data"][0]["y"]) == mine.filter(pl.col("role") == "napoleon").height
    honors = figure(at, "honors")
    assert sum(honors["data"][0]["y"]) == mine["honors"].drop_nulls().len()
    partners = figure(at, "partners")
    total = sum(partners["data"][0]["x"]) + sum(partners["data"][1]["x"])
    assert (
        total == mine.filter(pl.col("partner").is_not_null() & pl.col("won").is_not_null()).height
    )


def test_pairings_heatmap(at: AppTest, expected) -> None:  # type: ignore[no-untyped-def]
    at.switch_page("views/pairings.py").run()
    assert not at.exception
    heat = figure(at, "pairings")["data"][0]
    cells = sum(v for row in heat["z"] for v in row if v is not None)
    naps = expected.player_rounds.filter(
        (pl.col("role") == "napoleon") & (pl.col("partner").is_not_null() | pl.col("alone"))
    )
    assert cells == naps.height
    at.radio(key="pair_metric").set_value("win_rate").run()
    rates = figure(at, "pairings")["data"][0]["z"]
    assert all(v is None or 0 <= v <= 1 for row in rates for v in row)


def test_replay_steps(at: AppTest, expected) -> None:  # type: ignore[no-untyped-def]
    full = expected.rounds.filter(pl.col("kind") == "full").row(0, named=True)
    at.switch_page("views/replay.py").run()
    assert not at.exception
    assert not at.button(key="replay_next").disabled  # opens on a round with tricks
    name = next(
        f for f in at.selectbox(key="replay_file_en").options if f.endswith(Path(full["file"]).name)
    )
    at.selectbox(key="replay_file_en").select(name).run()
    at.selectbox(key="replay_game_en").select(full["game"]).run()
    at.selectbox(key="replay_round_en").select(full["round"]).run()
    assert not at.exception
    step = lambda: next(h.value for h in at.get("html") if "replay-step" in h.value)  # noqa: E731
    first = step()
    at.button(key="replay_next").click().run()
    assert not at.exception
    assert at.session_state["replay_step"] == 1
    second = step()
    assert second != first and "1" in second
    table = next(h.value for h in at.get("html") if "nk-table" in h.value)
    assert table.count("nk-seat") >= 3 and "nk-card" in table
    at.button(key="replay_prev").click().run()
    assert at.session_state["replay_step"] == 0


def test_problems_lists_the_fault(at: AppTest) -> None:
    at.switch_page("views/problems.py").run()
    assert not at.exception
    shown = table(at, "where")
    rows = shown[shown["code"] == "NAP103"]
    assert list(rows["where"]) == ["zz-fault.nap:4:10"]
    assert "Zed" in rows["message"].iloc[0]
    left_out = table(at, "line")
    assert list(left_out["file"]) == ["zz-fault.nap"]


def test_export_csv_matches_the_season(at: AppTest, expected) -> None:  # type: ignore[no-untyped-def]
    at.switch_page("views/export.py").run()
    assert not at.exception
    buttons = at.get("download_button")
    assert len(buttons) >= 2
    labels = {b.proto.label: b.proto.help for b in buttons}
    season = labels["Download season (one row per player)"]
    assert season == f"{expected.season.height} rows, CSV (UTF-8) — season.csv"
    rounds = labels["Download rounds"]
    assert rounds == f"{expected.rounds.height} rows, CSV (UTF-8) — rounds.csv"


def test_upload_is_parsed_in_memory(at: AppTest, records: Path, tmp_path: Path) -> None:
    one = sorted(records.glob("*.nap"))[0]
    at.file_uploader(key="uploads").upload("../../etc/evil name.nap", one.read_bytes()).run()
    assert not at.exception
    board = table(at, "rank")
    solo = load_season([one]).season
    assert sorted(board["player"]) == sorted(solo["player"].to_list())


def test_judging_pool_under_the_app(
    records: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A big season is judged by a process pool; its spawned workers import the main
    script (the app) again and must not run it: the app then failed with
    BrokenProcessPool on every folder over 512 KB. NAPKIFU_JOBS=2 forces the pool."""
    monkeypatch.setenv("NAPKIFU_RECORDS", str(records))
    monkeypatch.setenv("NAPKIFU_LANG", "en")
    monkeypatch.setenv("NAPKIFU_JOBS", "2")
    monkeypatch.setenv("NAPKIFU_CACHE_DIR", str(tmp_path))  # empty: judge for real
    streamlit.cache_data.clear()
    streamlit.cache_resource.clear()
    app = AppTest.from_file(APP, default_timeout=120)
    app.run()
    assert not app.exception, app.exception
    want = load_season([records]).season.sort(["points", "player"], descending=[True, False])
    board = table(app, "rank")
    assert list(board["player"]) == want["player"].to_list()
    assert list(board["points"]) == want["points"].to_list()


def test_app_script_is_inert_in_a_pool_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a spawned worker does with the parent's main script: run it under the
    name ``__mp_main__``. It must define things and draw nothing, judge nothing."""
    import runpy

    import dashboard.state

    def boom() -> None:
        raise AssertionError("the app ran inside a pool worker")

    monkeypatch.setattr(dashboard.state, "build_context", boom)
    namespace = runpy.run_path(APP, run_name="__mp_main__")
    assert callable(namespace["main"])
    with pytest.raises(AssertionError, match="pool worker"):
        runpy.run_path(APP, run_name="__main__")


PAGES_WITHOUT_PANDAS = """
import sys
from streamlit.testing.v1 import AppTest
at = AppTest.from_file(sys.argv[1], default_timeout=120).run()
assert not at.exception, at.exception
assert at.dataframe, "no table drawn"
for page in ("players", "pairings", "replay", "problems", "export", "overview"):
    at.switch_page(f"views/{page}.py").run()
    assert not at.exception, (page, at.exception)
print("pandas" in sys.modules)
"""


def test_pages_never_import_pandas(records: Path) -> None:
    """Tables reach the browser as Arrow (dashboard.widgets.show_table): given a
    polars frame Streamlit goes through pandas, whose import alone cost a first
    render 0.3-0.4 s. In a new process, every page drawn, no table read back (that
    would import pandas here)."""
    env = {**os.environ, "NAPKIFU_RECORDS": str(records), "NAPKIFU_LANG": "en",
           "STREAMLIT_LOGGER_LEVEL": "error"}  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-c", PAGES_WITHOUT_PANDAS, APP], env=env, cwd=ROOT,
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split()[-1] == "False", done.stdout
