"""Scores and totals (NOTATION.md v1.1 §2–3): every wrong score is NAP602, an
unbalanced line adds NAP604, a total copied wrong is one error, a slip carried
forward is one error, and no round leaves the season because of a total."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from napkifu.analysis import load_season
from napkifu.api import loads

SHEET = """players A B C D E

round 1
dealer E
napoleon A 13♠
adjutant B
result 14
score A +2 B +1 C -1 D -1 E -1
total A 2 B 1 C -1 D -1 E -1

round 2
dealer A
napoleon C 14♥
adjutant none
result 9
score A +1 B +1 C -4 D +1 E +1
total A 3 B 2 C -5 D 0 E 0

round 3
dealer B
napoleon D 13♦
adjutant E
result 13
score A -1 B -1 C -1 D +2 E +1
total A 2 B 1 C -6 D 2 E 1
"""


def found(text: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in loads(text).diagnostics]


def test_clean_sheet() -> None:
    assert found(SHEET) == []


def test_unbalanced_wrong_score_is_an_error_and_a_warning() -> None:
    j = loads(SHEET.replace("score A +2 B +1", "score A +2 B +2"))
    assert sorted((d.code, d.span.line, d.severity) for d in j.diagnostics) == [
        ("NAP602", 8, "error"),
        ("NAP604", 8, "warning"),
    ]
    (d,) = [d for d in j.diagnostics if d.code == "NAP602"]
    assert "B +1 (written +2)" in d.message and "B +1（記録は +2）" in (d.message_ja or "")


def test_balanced_wrong_score_is_one_error() -> None:
    assert found(SHEET.replace("score A +2 B +1", "score A +1 B +2")) == [("NAP602", 8)]


def test_player_missing_from_a_score_line() -> None:
    j = loads(SHEET.replace("score A +2 B +1 C -1 D -1 E -1", "score A +2 B +1 C -1 D -1"))
    (d,) = [d for d in j.diagnostics if d.code == "NAP602"]
    assert d.span.line == 8 and "E -1 (written nothing)" in d.message
    assert "E -1（記録はなし）" in (d.message_ja or "")


def test_total_copied_wrong_is_one_error() -> None:
    text = SHEET.replace("total A 2 B 1 C -1", "total A 2 B 1 C -2")
    assert found(text) == [("NAP603", 9)]


def test_total_slip_carried_forward_is_one_error() -> None:
    text = SHEET.replace("total A 2 B 1 C -1", "total A 2 B 1 C -2")
    text = text.replace("C -5 D 0", "C -6 D 0").replace("C -6 D 2", "C -7 D 2")
    j = loads(text)
    (d,) = j.diagnostics
    assert (d.code, d.span.line) == ("NAP603", 9)
    assert "C -1 (written -2)" in d.message


def test_total_that_fits_nothing_reports_both_expectations() -> None:
    text = SHEET.replace("total A 2 B 1 C -1", "total A 2 B 1 C -2")
    text = text.replace("C -5 D 0", "C -9 D 0")
    (_first, second) = loads(text).diagnostics
    assert (second.code, second.span.line) == ("NAP603", 17)
    assert "C -5 or -6 (written -9)" in second.message


def test_a_wrong_total_leaves_every_round_in_the_season(tmp_path: Path) -> None:
    (tmp_path / "club.nap").write_text(SHEET.replace("C -5 D 0", "C -4 D 0"), encoding="utf-8")
    s = load_season([tmp_path])
    assert s.excluded.height == 0
    assert s.rounds.height == 3
    assert s.rounds["scores_from"].to_list() == ["rules"] * 3
    assert s.rounds.filter(pl.col("round") == 2)["score_3"].item() == -4


def test_scores_from_the_sheet_under_scoring_none(tmp_path: Path) -> None:
    text = SHEET.replace("players A B C D E", "players A B C D E\nrule scoring none")
    (tmp_path / "club.nap").write_text(text, encoding="utf-8")
    s = load_season([tmp_path])
    assert s.rounds["scores_from"].to_list() == ["sheet"] * 3


ONE = """players A B C D E

round 1
napoleon A 13♠
adjutant B
result {result}
score A +2 B +1 C -1 D -1 E -1
"""


def test_result_outcome_words() -> None:
    for word, won in (("win", True), ("勝ち", True), ("lose", False), ("負け", False)):
        j = loads(ONE.format(result=word))
        assert j.rounds[0].win is won and j.rounds[0].honors_napoleon is None
        assert [d.code for d in j.diagnostics] == ([] if won else ["NAP602"])


def test_result_outcome_with_honors_must_agree() -> None:
    assert found(ONE.format(result="win 15")) == []
    assert found(ONE.format(result="win 9")) == [("NAP601", 6)]  # and no NAP602 from it


def test_result_outcome_is_checked_against_the_play() -> None:
    from napkifu.simulate import SimConfig, render_files

    ((_, text),) = render_files(SimConfig(players=5, rounds=1, seed=3))
    j = loads(text)
    won = j.rounds[0].win
    line = next(i for i, s in enumerate(text.split("\n"), 1) if s.strip().startswith("result "))
    ok = text.replace("result ", "result win " if won else "result lose ", 1)
    bad = text.replace("result ", "result lose " if won else "result win ", 1)
    assert found(ok) == []
    assert found(bad) == [("NAP601", line)]


def test_shutout_unknown_from_an_outcome_alone() -> None:
    text = ONE.format(result="lose").replace(
        "players A B C D E", "players A B C D E\nrules classic"
    )
    doubled = "score A -4 B -2 C +2 D +2 E +2"
    j = loads(text.replace("score A +2 B +1 C -1 D -1 E -1", doubled))
    assert not j.has_errors  # double or not: not judged (a NAP605 note says so)
    assert j.rounds[0].scores == {"A": -4, "B": -2, "C": 2, "D": 2, "E": 2}
    assert [d.code for d in j.diagnostics] == ["NAP605"]


def test_fmt_writes_the_outcome() -> None:
    from napkifu.notation import parse
    from napkifu.notation.writer import format_record

    assert "result lose 9" in format_record(parse(ONE.format(result="負け 9"))[0])
