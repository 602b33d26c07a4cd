"""Notes (NOTATION.md v1.1 §1): what napkifu could not judge, said once per file at the
first round concerned, never a fault — ``result lose`` under ``double-shutout`` leaves
the doubling unjudged (NAP605)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from napkifu.api import iter_loads, loads
from napkifu.cli import main

ROUND = """
round {n}
napoleon Riku 14♠
call ♥J
adjutant Sora
result {result}
score {score}
"""
PLAIN = "Haru +1 Sora -1 Mina +1 Riku -2 Kei +1"
DOUBLED = "Haru +2 Sora -2 Mina +2 Riku -4 Kei +2"


def game(*rounds: tuple[str, str], rules: str = "classic") -> str:
    head = f"players Haru Sora Mina Riku Kei\nrules {rules}\n"
    return head + "".join(
        ROUND.format(n=n, result=r, score=s) for n, (r, s) in enumerate(rounds, 1)
    )


def found(text: str) -> list[tuple[str, str, int]]:
    return [(d.code, d.severity.value, d.span.line) for d in loads(text).diagnostics]


def test_a_lost_round_without_count_is_noted_once_per_file() -> None:
    text = game(("lose", PLAIN), ("負け", DOUBLED), ("lose", PLAIN))
    first_result = text.split("\n").index("result lose") + 1
    assert found(text) == [("NAP605", "note", first_result)]
    j = loads(text)
    assert not j.has_errors
    assert [r.scores for r in j.rounds][:2] == [
        {"Haru": 1, "Sora": -1, "Mina": 1, "Riku": -2, "Kei": 1},
        {"Haru": 2, "Sora": -2, "Mina": 2, "Riku": -4, "Kei": 2},
    ]
    # the note stays with its round in the judged games, and is not given again
    assert [[d.code for d in r.diagnostics] for r in j.rounds] == [["NAP605"], [], []]


def test_once_per_file_also_when_the_file_is_judged_game_by_game() -> None:
    text = 'game "one"\n' + game(("lose", PLAIN)) + '\ngame "two"\n' + game(("lose", DOUBLED))
    streamed = [d.code for j in iter_loads(text) for d in j.diagnostics]
    assert streamed == ["NAP605"] == [d.code for d in loads(text).diagnostics]
    assert len(list(iter_loads(text))) == 2  # (two games, judged one at a time)


@pytest.mark.parametrize(
    ("result", "rules"),
    [
        ("lose 3", "classic"),  # the count is written: judged in full
        ("3", "classic"),
        ("lose", "standard"),  # no double-shutout: nothing is left unjudged
        ("lose", "webgame"),
        ("lose", "bga"),
    ],
)
def test_no_note_when_nothing_is_left_unjudged(result: str, rules: str) -> None:
    score = PLAIN if rules == "classic" else "Haru +1 Sora -1 Mina +1 Riku -2 Kei +1"
    text = game((result, score), rules=rules)
    assert "NAP605" not in [c for c, _, _ in found(text)]


def test_no_note_for_a_win_or_a_sheet_without_scoring() -> None:
    assert found(game(("win", "Haru -1 Sora +1 Mina -1 Riku +2 Kei -1"))) == []
    none = game(("lose", PLAIN)).replace("rules classic", "rules classic\nrule scoring none")
    assert found(none) == []


def test_the_rest_of_the_score_is_still_judged() -> None:
    """Only the doubling is unjudged: a slip in a doubled line is one NAP602 on the
    slipped player, judged against the doubled scores (no false accusation of the
    others), and a line neither plain nor doubled is still wrong."""
    text = game(("lose", "Haru +3 Sora -2 Mina +2 Riku -4 Kei +2"))
    j = loads(text)
    [wrong] = [d for d in j.diagnostics if d.code == "NAP602"]
    assert "Haru +2 (written +3)" in wrong.message and "Sora" not in wrong.message
    assert found(game(("lose", "Haru +1 Sora +1 Mina +1 Riku -2 Kei -1")))[1][0] == "NAP602"


def test_a_total_after_an_unknown_score_is_not_judged_against_a_guess() -> None:
    text = game(("lose", PLAIN)).replace(f"score {PLAIN}\n", "total " + DOUBLED + "\n")
    assert [c for c, _, _ in found(text)] == ["NAP605"]


def test_check_shows_notes_without_failing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "sheet.nap"
    f.write_text(game(("lose", PLAIN), ("lose", DOUBLED)), encoding="utf-8")
    assert main(["check", str(f), "--lang", "en", "--no-cache"]) == 0
    out, err = capsys.readouterr()
    assert out.count("NAP605 note:") == 1 and "result lose" in out
    assert "0 error(s), 0 warning(s), 1 note(s) in 1 file(s)" in err
    assert main(["check", str(f), "--lang", "ja", "--no-cache"]) == 0
    out, err = capsys.readouterr()
    assert "NAP605 注記:" in out and "注記 1 件" in err
    assert main(["check", str(f), "--format", "json", "--no-cache"]) == 0
    objects = json.loads(capsys.readouterr().out)
    assert [(o["code"], o["severity"]) for o in objects] == [("NAP605", "note")]
    assert main(["check", str(f), "--quiet", "--no-cache"]) == 0
    assert capsys.readouterr() == ("", "")  # notes ask nothing of the scorer


def test_notes_are_counted_apart_and_survive_the_cache(tmp_path: Path) -> None:
    from napkifu.commands.checkfile import FileResult, check_file

    f = tmp_path / "sheet.nap"
    f.write_text(game(("lose", PLAIN)), encoding="utf-8")
    result = check_file(str(f))
    assert (result.errors, result.warnings, result.notes) == (0, 0, 1)
    again = FileResult.from_dict(json.loads(json.dumps(result.to_dict())))
    assert again == result
    capped = check_file(str(f), keep=0)
    assert (capped.hidden_notes, capped.notes, capped.warnings) == (1, 1, 0)


def test_the_summary_names_notes_only_when_there_are_some() -> None:
    from napkifu.report import summary_line

    assert summary_line(1, 2, 3) == "1 error(s), 2 warning(s) in 3 file(s)"
    assert summary_line(1, 2, 3, notes=4) == "1 error(s), 2 warning(s), 4 note(s) in 3 file(s)"
