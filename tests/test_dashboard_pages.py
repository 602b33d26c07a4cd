"""Every dashboard page, in both languages, on a season whose player names are
hostile (HTML markup, a Plotly template, a spreadsheet formula, emoji and
right-to-left text): no page raises, no Japanese table has a raw column name or
a ``None`` cell, and no name reaches a chart as markup."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

streamlit = pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "dashboard" / "app.py")
SAMPLE = ROOT / "sample_records" / "lunch-league-standard-4p.nap"
HOSTILE = {
    '"M. Tanaka"': '"مرحبا 😀"',
    "Haru": '"<a href=https://example.com>Link</a>"',
    "Sora": '"%{y}<b>B</b>"',
    "花子": '"=SUM(1+1)"',
}
PAGES = ("overview", "ratings", "players", "games", "pairings", "replay", "problems", "export")
RAW = re.compile(r"^[a-z]+(_[a-z]+)+$|^(rounds|points|player|file|round|game|code)$")


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    text = SAMPLE.read_text("utf-8")
    for old, new in HOSTILE.items():
        text = text.replace(old, new)
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "hostile.nap").write_text(text, encoding="utf-8")
    return folder


def _app(folder: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> AppTest:
    monkeypatch.setenv("NAPKIFU_RECORDS", str(folder))
    monkeypatch.setenv("NAPKIFU_LANG", lang)
    streamlit.cache_resource.clear()
    streamlit.cache_data.clear()
    app = AppTest.from_file(APP, default_timeout=120)
    app.run()
    assert not app.exception, app.exception
    return app


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_page_on_hostile_names(
    hostile: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    app = _app(hostile, monkeypatch, lang)
    for page in PAGES:
        app.switch_page(f"views/{page}.py").run()
        assert not app.exception, (page, app.exception)
        for frame in app.dataframe:
            value = frame.value
            if lang == "ja":
                raw = [c for c in value.columns if RAW.match(str(c))]
                assert not raw, (page, raw)
            cells = value.astype(str).to_numpy().ravel().tolist()
            assert "None" not in cells and "nan" not in cells, page
        for chart in app.get("plotly_chart"):
            spec = json.loads(chart.proto.spec)
            text = json.dumps(spec, ensure_ascii=False)
            assert "<a href" not in text and "%{y}<b>" not in text, page
            names = [tr.get("name", "") for tr in spec["data"]]
            assert not any("<" in str(n) for n in names), page
    assert app.title[0].value == ("書き出し" if lang == "ja" else "Export")


def test_names_are_shown_literally_in_charts(
    hostile: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _app(hostile, monkeypatch, "en")
    spec = json.loads(next(iter(app.get("plotly_chart"))).proto.spec)
    names = {tr["name"] for tr in spec["data"]}
    assert "&lt;a href=https://example.com&gt;Link&lt;/a&gt;" in names
    assert "&#37;{y}&lt;b&gt;B&lt;/b&gt;" in names
    assert "مرحبا 😀" in names
    hover = {tr["hovertemplate"] for tr in spec["data"]}
    assert all("%{fullData.name}" in h and "Link" not in h for h in hover)


def test_a_link_opens_its_view(hostile: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The URL carries the language, the player and the round: a shared link
    opens the same view; the page writes its own state back."""
    app = _app(hostile, monkeypatch, "en")
    player = "<a href=https://example.com>Link</a>"
    app.query_params["player"] = player
    app.query_params["lang"] = "ja"
    app.session_state["_napkifu_url_read"] = False
    app.switch_page("views/players.py").run()
    assert not app.exception
    assert app.selectbox(key="player").value == player
    assert player in app.query_params["player"]  # (written back by the page)
    app.query_params["file"] = "hostile.nap"
    app.query_params["game"] = "2"
    app.query_params["round"] = "1"
    app.switch_page("views/replay.py").run()
    assert not app.exception
    assert app.session_state["replay_at"] == ("hostile.nap", 2, 1)
