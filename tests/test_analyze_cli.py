"""``napkifu analyze`` (issue 30, tests c and d): after the last card the value is
the honors the record credits, no cost is negative, and the JSON has the fields
docs/analysis.md gives. The last tricks only (``--from-trick``): a full round's
search takes far longer than a test may (docs/performance.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from napkifu import api
from napkifu.cli import main
from napkifu.solve.engine import Unsolvable, available
from napkifu.solve.rounds import analyse_round

pytestmark = pytest.mark.skipif(not available(), reason="analysis engine not built")

ROOT = Path(__file__).parent.parent
RECORDS = sorted((ROOT / "sample_records").glob("*.nap")) + sorted(
    (ROOT / "tests" / "records" / "seeds").glob("*.nap")
)


def test_last_value_is_the_recorded_honors_and_no_cost_is_negative() -> None:
    analysed = 0
    for path in RECORDS:
        for game in api.load(path).games:
            for rnd in game.rounds:
                try:
                    last = game.rules.tricks - 1  # type: ignore[attr-defined]
                    a = analyse_round(game.rules, rnd, last)  # type: ignore[arg-type]
                except Unsolvable:
                    continue
                analysed += 1
                assert a.plays[-1].value == a.final == rnd.honors_napoleon, (path, rnd.number)
                for p in a.plays:
                    assert p.cost >= 0
                    assert (p.cost == 0) == (p.value == p.best)
                    assert p.mark == ("" if p.cost == 0 else p.mark)
                for before, after in zip(a.plays, a.plays[1:], strict=False):
                    assert after.best == before.value  # the value after a card is the next's best
    assert analysed >= 5


def test_json_has_the_issue_fields(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "sample_records" / "bga-online-4p.nap")
    assert main(["analyze", "--format", "json", "--from-trick", "10", path]) == 0
    rounds = json.loads(capsys.readouterr().out)
    good = [r for r in rounds if "error" not in r]
    assert good
    for r in good:
        assert set(r) == {"file", "game", "round", "par", "plays"}
        for p in r["plays"]:
            assert set(p) == {"trick", "player", "card", "best", "value", "cost"}
            assert p["cost"] >= 0 and p["trick"] >= 10


def test_text_says_double_dummy_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "sample_records" / "bga-online-4p.nap")
    assert main(["analyze", "--from-trick", "11", "--lang", "ja", path]) == 0
    out = capsys.readouterr().out
    assert "ダブルダミー" in out and "パー" in out
    assert main(["analyze", "--from-trick", "11", path]) == 0
    out = capsys.readouterr().out
    assert "double-dummy" in out and "par" in out


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    assert main(["analyze", "--format", "json", *args]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_jobs_give_the_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "sample_records" / "bga-online-4p.nap")
    one = _json(capsys, "--from-trick", "10", "-j", "1", "--no-cache", path)
    two = _json(capsys, "--from-trick", "10", "-j", "2", "--no-cache", path)
    assert one == two and len(one) > 1
    assert main(["analyze", "-j", "0", path]) == 2


def test_the_cache_serves_a_round_analysed_by_this_code_and_solver(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import napkifu.commands.analyze as command

    record = tmp_path / "r.nap"
    record.write_bytes((ROOT / "sample_records" / "bga-online-4p.nap").read_bytes())
    cache = ["--cache-dir", str(tmp_path / "cache"), "-j", "1"]
    first = _json(capsys, "--from-trick", "10", *cache, str(record))

    def no_solver(*args: object) -> None:
        raise Unsolvable("solver called")

    monkeypatch.setattr(command, "analyse_round", no_solver)
    assert _json(capsys, "--from-trick", "10", *cache, str(record)) == first  # all hits
    # another first trick, other bytes, another solver build: misses
    assert all("error" in r for r in _json(capsys, "--from-trick", "11", *cache, str(record)))
    monkeypatch.setattr(command, "fingerprint", lambda: "another build")
    assert all("error" in r for r in _json(capsys, "--from-trick", "10", *cache, str(record)))
    monkeypatch.undo()
    monkeypatch.setattr(command, "analyse_round", no_solver)
    record.write_bytes(record.read_bytes() + b"\n")
    assert all("error" in r for r in _json(capsys, "--from-trick", "10", *cache, str(record)))
    assert _json(capsys, "--from-trick", "10", "--no-cache", str(record))[0]["error"]
