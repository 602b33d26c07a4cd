"""The double-dummy analysis in the dashboard (issue 30, item 3): Replay colours
each card by its cost, Players shows accuracy by role and luck, both on request,
in English and Japanese, and both pages work without the solver module."""

from __future__ import annotations

from pathlib import Path

import pytest

streamlit = pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from dashboard import analysis  # noqa: E402
from dashboard.analysis_view import graded  # noqa: E402
from dashboard.cardview import SeatView, card_html  # noqa: E402
from napkifu.api import loads  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "dashboard" / "app.py")
SAMPLE = ROOT / "sample_records" / "lunch-league-standard-4p.nap"
needs_solver = pytest.mark.skipif(not analysis.solver_installed(), reason="no napkifu_solver")


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 4-player sample with a player named as markup (it reaches the notes)."""
    folder = tmp_path_factory.mktemp("analysis")
    text = SAMPLE.read_text("utf-8").replace("Haru", '"<b>Haru</b>"')
    (folder / "season.nap").write_text(text, encoding="utf-8")
    return folder


def _app(folder: Path, monkeypatch: pytest.MonkeyPatch, lang: str, page: str) -> AppTest:
    monkeypatch.setenv("NAPKIFU_RECORDS", str(folder))
    monkeypatch.setenv("NAPKIFU_LANG", lang)
    streamlit.cache_resource.clear()
    streamlit.cache_data.clear()
    app = AppTest.from_file(APP, default_timeout=120)
    app.run()
    app.switch_page(f"views/{page}.py").run()
    assert not app.exception, app.exception
    return app


def _html(app: AppTest) -> str:
    return "\n".join(h.proto.body for h in app.get("html"))


@needs_solver
def test_every_analysed_card_has_a_cost_consistent_with_its_values() -> None:
    judged = analysis.rounds_of(loads(SAMPLE.read_bytes(), file=SAMPLE.name))
    full = [(k, v) for k, v in judged.items() if v[1].kind == "full"]
    assert full
    for _key, (rules, rnd) in full[:3]:
        found = analysis.analyse(rules, rnd, rules.tricks - 2)
        assert "error" not in found, found
        assert {p["trick"] for p in found["plays"]} == set(
            range(rules.tricks - 2, rules.tricks + 1)
        )
        assert found["plays"][-1]["value"] == found["final"]
        for p in found["plays"]:
            gap = p["best"] - p["value"] if p["napoleon_side"] else p["value"] - p["best"]
            assert p["cost"] == gap >= 0
            assert (p["alternative"] is None) == (p["cost"] == 0)
            assert analysis.cost_class(p) == {"": "best", "?": "inaccuracy"}.get(
                p["mark"], "mistake"
            )


def test_a_round_that_cannot_be_analysed_says_why() -> None:
    sheet = ROOT / "sample_records" / "bonenkai-webgame-6p-scoresheet.nap"
    judged = analysis.rounds_of(loads(sheet.read_bytes(), file=sheet.name))
    rules, rnd = next(v for v in judged.values() if v[1].kind != "full")
    assert set(analysis.analyse(rules, rnd, 1)) == {"error"}


def _play(trick: int, player: str, cost: int, ours: bool) -> dict[str, object]:
    return {"trick": trick, "player": player, "card": "♠A", "cost": cost,
            "mark": "?" if cost == 1 else "??" if cost else "", "best": 0, "value": 0,
            "alternative": "♠K" if cost else None, "napoleon_side": ours}  # fmt: skip


def test_accuracy_sums_roles_and_luck_over_rounds() -> None:
    """Ann is Napoleon in one round (par 12, made 10: her side lost 2, one of them
    by her own card) and allied in the other (par 14, made 15: the allies gave
    away 1 honor to Napoleon's side, so their luck is -1)."""
    one = {"par": 12, "final": 10, "roles": {"Ann": "napoleon", "Bo": "allied"},
           "plays": [_play(9, "Ann", 1, True), _play(9, "Bo", 0, False),
                     _play(10, "Ann", 0, True), _play(10, "Bo", 0, False)]}  # fmt: skip
    two = {"par": 14, "final": 15, "roles": {"Bo": "napoleon", "Ann": "allied"},
           "plays": [_play(10, "Bo", 0, True), _play(10, "Ann", 1, False)]}  # fmt: skip
    table = analysis.accuracy([one, two, {"error": "not played out"}], "Ann")
    rows = {r["role"]: r for r in table.iter_rows(named=True)}
    assert list(rows) == ["napoleon", "allied"]
    assert rows["napoleon"]["cards"] == 2 and rows["napoleon"]["best_rate"] == 0.5
    assert rows["napoleon"]["honors_lost"] == 1.0 and rows["napoleon"]["luck"] == -2.0
    assert rows["allied"]["best_rate"] == 0.0 and rows["allied"]["luck"] == -1.0
    assert analysis.accuracy([], "Ann").is_empty()


def test_graded_cards_carry_their_grade_and_an_escaped_note() -> None:
    found = {"plays": [_play(3, "<b>X</b>", 2, True), _play(3, "Yo", 0, False)]}
    seats = (SeatView("<b>X</b>", card="♠A"), SeatView("Yo", card="♥2"), SeatView("Zed"))
    shown, notes = graded(seats, found, 3, "en")
    assert [s.grade for s in shown] == ["mistake", "best", None]
    assert notes == ["<b>X</b> ♠A: cost 2 (best ♠K)", "Yo ♠A: best"]
    html = card_html("♠A", True, "mistake", '"<b>X</b>" cost 2')
    assert 'data-grade="mistake"' in html and "nk-mistake" in html and "??" in html
    assert "<b>X</b>" not in html and "&lt;b&gt;" in html
    assert graded(seats, found, 4, "en")[1] == []  # another trick: nothing graded


@needs_solver
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_replay_colours_the_cards_on_request(
    hostile: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    app = _app(hostile, monkeypatch, lang, "replay")
    assert 'data-grade="' not in _html(app)  # nothing is solved until asked for
    last = int(app.number_input[0].max)
    app.number_input[0].set_value(last).run()
    app.toggle(key="analyse_on").set_value(True).run()
    for _ in range(last):
        app.button(key="replay_next").click().run()
    assert not app.exception, app.exception
    html = _html(app)
    assert 'data-testid="nk-legend"' in html
    table = next(h.proto.body for h in app.get("html") if 'data-testid="nk-table"' in h.proto.body)
    assert table.count('data-grade="') == 4  # the last trick's four cards
    notes = next(h.proto.body for h in app.get("html") if "nk-notes" in h.proto.body)
    assert ("最善" if lang == "ja" else "best") in notes
    assert "<b>Haru" not in notes  # names stay text
    par = [
        c.value for c in app.caption if ("パー" if lang == "ja" else "Par from trick") in c.value
    ]
    assert par and str(last) in par[0]


@needs_solver
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_players_shows_accuracy_after_analysing(
    hostile: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    app = _app(hostile, monkeypatch, lang, "players")
    before = len(app.dataframe)
    app.slider(key="accuracy_last").set_value(1).run()
    app.slider(key="accuracy_n").set_value(3).run()
    assert len(app.dataframe) == before  # nothing solved until the button
    app.button(key="accuracy_go").click().run()
    assert not app.exception, app.exception
    table = app.dataframe[-1].value
    best = "最善手の割合" if lang == "ja" else "Best cards"
    assert best in table.columns and len(table) >= 1
    assert all(str(v).endswith("%") for v in table[best])
    assert table.iloc[:, 2].astype(int).sum() >= 3  # rounds: the player's role in each


@pytest.mark.parametrize("page", ["replay", "players"])
def test_pages_work_without_the_solver(
    hostile: Path, monkeypatch: pytest.MonkeyPatch, page: str
) -> None:
    import napkifu.solve.engine as engine

    monkeypatch.setattr(engine, "napkifu_solver", None)
    for lang, word in (("en", "not installed"), ("ja", "入っていません")):
        app = _app(hostile, monkeypatch, lang, page)
        assert any(word in i.value for i in app.info), [i.value for i in app.info]
        assert not app.get("toggle") and not [b for b in app.button if b.key == "accuracy_go"]


@needs_solver
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_why_a_round_is_not_analysed_is_said_in_the_page_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """A round with an error (it is replayed, not analysed): the solver's reason is
    English, and the Japanese page says it in Japanese (napkifu.i18n.solver_reason)."""
    seed = ROOT / "tests" / "records" / "seeds" / "bga-call-own-card.nap"
    (tmp_path / "seed.nap").write_bytes(seed.read_bytes())
    app = _app(tmp_path, monkeypatch, lang, "replay")
    app.toggle(key="analyse_on").set_value(True).run()
    assert not app.exception, app.exception
    said = [w.value for w in app.warning]
    if lang == "en":
        assert any("the round has errors (napkifu check shows them)" in w for w in said), said
    else:
        assert any("ラウンドにエラーがあります" in w for w in said), said
        assert not any("the round has errors" in w for w in said), said
