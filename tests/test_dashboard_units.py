"""The dashboard's plain pieces: card HTML, upload limits, CSV bytes, the result
cache, long-series figures and the replay steps built from the engine's replay data."""

from __future__ import annotations

import io
import threading
from pathlib import Path

import polars as pl
import pytest

from dashboard import cardview, data, figures, replay_model
from dashboard.downloads import csv_bytes
from napkifu.analysis import source_rows, sources
from napkifu.analysis.source_rows import SourceRows

SAMPLES = Path(__file__).resolve().parent.parent / "sample_records"


def _played_round() -> tuple[bytes, int, int] | None:
    """A sample record with a fully played round: (bytes, game, round)."""
    from napkifu.api import loads

    for path in sorted(SAMPLES.glob("*.nap")):
        raw = path.read_bytes()
        for rnd in loads(raw).rounds:
            if rnd.kind == "full" and not rnd.has_errors:
                return raw, rnd.game, rnd.number
    return None


PLAYED = _played_round()


def test_card_html_colours_and_escapes() -> None:
    assert 'nk-red">♥Q<' in cardview.card_html("♥Q")
    assert 'nk-red">♦10<' in cardview.card_html("D10")  # ASCII suit shown as its symbol
    assert 'nk-black">♠A<' in cardview.card_html("SA")
    assert "nk-joker" in cardview.card_html("JK>♥") and 'nk-red">♥' in cardview.card_html("JK>♥")
    assert "nk-unknown" in cardview.card_html("?")
    seat = cardview.SeatView(name="<b>x</b>", role="napoleon", card="♣3", hand=("♠A", "♥2"))
    html = cardview.table_html([seat, cardview.SeatView("Sora")], "<i>c</i>")
    assert "&lt;b&gt;x&lt;/b&gt;" in html and "<b>x</b>" not in html
    assert html.count('class="nk-seat') == 2 and "nk-napoleon" in html


def test_seats_go_round_the_table() -> None:
    spots = [cardview.seat_position(i, 5) for i in range(5)]
    assert len(set(spots)) == 5
    assert all(0 < x < 100 and 0 < y < 100 for x, y in spots)


def test_uploads_are_limited_and_renamed() -> None:
    small, big = b"players A B C\n", b"x" * (2 * 1024 * 1024 + 1)
    kept, notes = data.accept_uploads(
        [("../../etc/passwd.nap", small), ("a.nap", big), ("dir\\passwd.nap", small)],
        max_file_mb=2, max_total_mb=10,
    )  # fmt: skip
    assert [f.name for f in kept] == ["passwd.nap", "passwd.nap (2)"]
    assert notes == [("too_big", {"name": "a.nap", "mb": 2})]
    kept, notes = data.accept_uploads([("a.nap", small)] * 3, max_file_mb=1, max_total_mb=0)
    assert kept == () and notes == [("too_much", {"total": 0})]
    assert data.safe_name("\x00\n") == "upload.nap"


def test_content_key_follows_names_and_bytes() -> None:
    a, b = data.SourceFile.of("a.nap", b"1"), data.SourceFile.of("b.nap", b"1")
    assert data.content_key([a]) != data.content_key([b])
    assert data.content_key([a]) == data.content_key([data.SourceFile.of("a.nap", b"1")])


def test_csv_is_neutralised_and_optionally_bommed() -> None:
    df = pl.DataFrame({"player": ["=HYPERLINK()", "Haru"], "points": [-2, 3]})
    text = csv_bytes(df).decode("utf-8")
    assert '"\'=HYPERLINK()"' in text and ",-2" in text
    assert csv_bytes(df, excel=True).startswith("\ufeff".encode())
    assert pl.read_csv(io.BytesIO(csv_bytes(df)))["points"].to_list() == [-2, 3]


@pytest.mark.skipif(PLAYED is None, reason="no sample record with a played round")
def test_result_cache_round_trip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Folder sources go through napkifu's result cache, file by file: a second load
    judges nothing, an edited file is judged again (never a stale entry), a damaged
    entry is a miss, and uploads leave nothing on disk."""
    monkeypatch.setenv("NAPKIFU_CACHE_DIR", str(tmp_path))
    other = (SAMPLES / "lunch-league-standard-4p.nap").read_bytes()
    files = (data.SourceFile.of("s.nap", PLAYED[0]), data.SourceFile.of("t.nap", other))  # type: ignore[index]
    first = data.load_sources(files, persist=True)
    assert data.wait_for_stores(30)  # (written once the season is built, on a thread)
    entries = sorted(tmp_path.rglob("*.bin"))
    assert len(entries) == 2

    judged: list[str] = []
    real = sources.source_rows

    def counting(item: tuple[str, bytes]) -> SourceRows:
        judged.append(item[0])
        return real(item)

    monkeypatch.setattr(sources, "source_rows", counting)
    again = data.load_sources(files, persist=True)
    assert judged == []
    for name in ("rounds", "player_rounds", "tricks", "bids", "season", "contracts", "excluded"):
        assert again.season.table(name).equals(first.season.table(name)), name
    assert again.problems.equals(first.problems) and again.index.equals(first.index)
    assert again.files == ("s.nap", "t.nap")

    edited = (files[0], data.SourceFile.of("t.nap", other + b"\n# edited\n"))
    data.load_sources(edited, persist=True)
    assert judged == ["t.nap"]
    assert data.wait_for_stores(30)

    entries[0].write_bytes(b"damaged")
    judged.clear()
    assert data.load_sources(files, persist=True).season.season.equals(first.season.season)
    assert len(judged) == 1
    assert data.wait_for_stores(30)

    before = sorted(tmp_path.rglob("*.bin"))
    upload = (data.SourceFile.of("u.nap", PLAYED[0] + b"# upload\n"),)  # type: ignore[index]
    data.load_sources(upload, persist=False)
    assert sorted(tmp_path.rglob("*.bin")) == before


@pytest.mark.skipif(PLAYED is None, reason="no sample record with a played round")
def test_the_cache_is_written_after_the_season_is_built_and_never_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The result cache is filled on a thread once the season is built (a first
    render does not wait for it); a file whose judging crashed (NAP900) is never
    stored, so the next load judges it again."""
    from napkifu.cache import ResultCache

    monkeypatch.setenv("NAPKIFU_CACHE_DIR", str(tmp_path))
    real = sources.source_rows
    started, release = threading.Event(), threading.Event()

    def crashing(item: tuple[str, bytes]) -> SourceRows:
        judged = real(item)
        if item[0] == "bad.nap":
            crash = {"file": "bad.nap", "line": 1, "column": 1, "code": "NAP900",
                     "severity": "error", "message": "internal error", "message_ja": "内部エラー",
                     "game": None, "round": None, "trick": None}  # fmt: skip
            judged.problems.append(crash)
        return judged

    def slow_pack(frames: dict[str, pl.DataFrame]) -> bytes:
        started.set()
        release.wait(30)
        return packed(frames)

    packed = sources.pack_frames
    monkeypatch.setattr(sources, "source_rows", crashing)
    monkeypatch.setattr(sources, "pack_frames", slow_pack)
    raw = PLAYED[0]  # type: ignore[index]
    files = (data.SourceFile.of("good.nap", raw), data.SourceFile.of("bad.nap", raw + b"\n"))
    loaded = data.load_sources(files, persist=True)  # returns with the store held up
    assert loaded.season.rounds.height > 0
    assert started.wait(30) and not list(tmp_path.rglob("*.bin"))
    release.set()
    assert data.wait_for_stores(30)
    cache = ResultCache(tmp_path)
    assert [data.cached_frames(cache, f) is not None for f in files] == [True, False]


@pytest.mark.skipif(PLAYED is None, reason="no sample record with a played round")
def test_a_deferred_load_is_cached_when_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dashboard's load writes the result cache only once its page is drawn
    (``Loaded.store``), and only once; the season is the same either way."""
    monkeypatch.setenv("NAPKIFU_CACHE_DIR", str(tmp_path))
    files = (data.SourceFile.of("s.nap", PLAYED[0]),)  # type: ignore[index]
    loaded = data.load_sources(files, persist=True, defer_store=True)
    assert data.wait_for_stores(30) and not list(tmp_path.rglob("*.bin"))
    assert loaded.unsaved
    loaded.store()
    assert data.wait_for_stores(30) and len(list(tmp_path.rglob("*.bin"))) == 1
    assert not loaded.unsaved
    again = data.load_sources(files, persist=True)
    assert again.season.rounds.equals(loaded.season.rounds) and not again.unsaved


def test_long_points_series_is_summed_in_blocks() -> None:
    n = figures.MAX_BARS * 3 + 7
    frame = pl.DataFrame({"seq": range(1, n + 1), "points": [1, -1, 2] * (n // 3) + [5] * (n % 3),
                          "role": ["allied"] * n})  # fmt: skip
    bar = figures.points_figure(frame, "Haru").data[0]
    assert len(bar.x) <= figures.MAX_BARS
    assert sum(bar.y) == frame["points"].sum()
    assert bar.x[0] == 1 and bar.x[1] == 5  # blocks of 4 rounds
    short = figures.points_figure(frame.head(10), "Haru").data[0]
    assert list(short.y) == frame.head(10)["points"].to_list()


@pytest.mark.skipif(PLAYED is None, reason="no sample record with a played round")
def test_round_view_steps_through_the_tricks() -> None:
    raw, game, number = PLAYED  # type: ignore[misc]
    rnd = replay_model.replay_round_data(raw, "s.nap", game, number)
    view = replay_model.round_view(rnd, "en")
    assert len(view.steps) == len(rnd["tricks"]) + 1 and view.has_tricks
    first = view.steps[1]
    trick = rnd["tricks"][0]
    assert first.title == f"Trick 1/{len(rnd['tricks'])}"
    played = {s.name: s.card for s in first.seats}
    assert played == {p["player"]: p["card"]["text"] for p in trick["plays"]}
    assert [s.name for s in first.seats if s.winner] == [trick["winner"]]
    assert trick["reason"] in first.center_html
    assert all(s.hand for s in first.seats)  # hands known from the play
    ja = replay_model.round_view(rnd, "ja")
    assert "トリック" in ja.steps[1].title
    napoleon = rnd["contract"]["napoleon"]
    assert {s.name: s.role for s in view.steps[0].seats}[napoleon] == "napoleon"


def test_the_round_index_names_every_trump() -> None:
    """Each judged round's contract in the Replay picker keeps its trump (spades
    too, whose suit is the first of the enum)."""
    raw = (SAMPLES / "bga-online-4p.nap").read_bytes()
    loaded = data.load_sources((data.SourceFile.of("b.nap", raw),))
    contracts = loaded.index.get_column("contract").drop_nulls().to_list()
    assert contracts and all(c[-1] in "♠♥♦♣" or c.endswith("NT") for c in contracts)
    assert any(c.endswith("♠") for c in contracts)


def test_what_is_left_out_follows_the_date_filter() -> None:
    from datetime import date

    from dashboard.filtering import excluded_in
    from napkifu.analysis import SeasonFilter, schema

    excluded = pl.DataFrame(
        [("a.nap", 1, 3, 9, "NAP103", "x"), ("b.nap", 1, 1, 4, "NAP103", "y"),
         ("c.nap", None, None, 1, "NAP106", "z")],
        schema=schema("excluded"), orient="row",
    )  # fmt: skip
    index = pl.DataFrame(
        {"file": ["a.nap", "b.nap", "b.nap"], "game": [1, 1, 1], "round": [3, 1, 2],
         "date": ["2026-01-05", "2026-03-01", "2026-03-01"], "preset": ["bga", "classic", "classic"],
         "players": [["Ann", "Bo"], ["Cy", "Di"], ["Ann", "Di"]]}
    )  # fmt: skip
    assert excluded_in(excluded, index, SeasonFilter()).equals(excluded)
    jan = SeasonFilter(since=date(2026, 1, 1), until=date(2026, 1, 31))
    assert excluded_in(excluded, index, jan)["file"].to_list() == ["a.nap", "c.nap"]


def test_what_is_left_out_follows_the_player_and_preset_filters() -> None:
    """b.nap's round 1 was played by Cy and Di only: filtered to Ann it is not in
    the view, so it is not listed as left out of it (c.nap, a whole file nothing
    places, always is); the preset filter drops a.nap's bga round."""
    from dashboard.filtering import excluded_in
    from napkifu.analysis import SeasonFilter, schema

    excluded = pl.DataFrame(
        [("a.nap", 1, 3, 9, "NAP103", "x"), ("b.nap", 1, 1, 4, "NAP103", "y"),
         ("b.nap", 2, None, 30, "NAP110", "w"), ("c.nap", None, None, 1, "NAP106", "z")],
        schema=schema("excluded"), orient="row",
    )  # fmt: skip
    index = pl.DataFrame(
        {"file": ["a.nap", "b.nap", "b.nap", "b.nap"], "game": [1, 1, 1, 2],
         "round": [3, 1, 2, 1], "date": ["2026-01-05", "2026-03-01", "2026-03-01", None],
         "preset": ["bga", "classic", "classic", "classic"],
         "players": [["Ann", "Bo"], ["Cy", "Di"], ["Ann", "Di"], ["Bo", "Cy"]]}
    )  # fmt: skip

    def left_out(flt: SeasonFilter) -> list[tuple[str, int | None]]:
        return list(excluded_in(excluded, index, flt).select("file", "round").iter_rows())

    assert left_out(SeasonFilter(players=("Ann",))) == [("a.nap", 3), ("c.nap", None)]
    assert left_out(SeasonFilter(players=("Cy",))) == [("b.nap", 1), ("b.nap", None),
                                                       ("c.nap", None)]  # fmt: skip
    assert left_out(SeasonFilter(presets=("classic",))) == [
        ("b.nap", 1),
        ("b.nap", None),
        ("c.nap", None),
    ]
    assert left_out(SeasonFilter(players=("Di",), presets=("bga",))) == [("c.nap", None)]


@pytest.mark.skipif(PLAYED is None, reason="no sample record with a played round")
def test_a_file_is_judged_without_a_cyclic_collection(monkeypatch: pytest.MonkeyPatch) -> None:
    """The collector stays paused for as long as the file's judgement lives (in
    ``judged_rows``): a collection then scans every one of its objects, which
    cost as much as judging the file."""
    import contextlib
    import gc
    import sys

    raw = PLAYED[0]  # type: ignore[index]
    inside: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        frame = sys._getframe()
        while frame is not None and frame.f_code.co_name != "judged_rows":
            frame = frame.f_back  # type: ignore[assignment]
        if phase == "start" and frame is not None:
            inside.append(info["generation"])

    def judged() -> dict[str, pl.DataFrame]:
        gc.callbacks.append(note)
        try:
            return sources.file_frames(("p.nap", raw * 8))
        finally:
            gc.callbacks.remove(note)

    sources.file_frames(("warm.nap", raw))  # (imports, caches of the rules)
    assert judged()["rounds"].height > 0 and gc.isenabled()
    assert inside == []
    monkeypatch.setattr(source_rows, "paused_gc", contextlib.nullcontext)
    judged()  # the collector left to run: the test sees it
    assert inside
