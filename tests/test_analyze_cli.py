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
    assert _json(capsys, "--from-trick", "10", "-j", "1", "--no-cache", str(record))[0]["error"]


CLAIMED = """\
game "Claimed"
players Sora ハル 太郎 Mina Kei
rules standard

round 1
  dealer Kei
  hand Sora ♠A Q 10 6 4 ♥J 8 7 ♦8 ♣9
  hand ハル ♠2 ♥Q 9 6 2 ♦K 9 4 ♣Q 4
  hand 太郎 ♠J 7 ♥A 3 ♦5 2 ♣8 7 6 3
  hand Mina ♠5 ♥K 5 4 ♦A 10 7 ♣A K 5
  hand Kei ♠9 8 3 ♥10 ♦Q 6 3 ♣10 2 JK
  widow ♠K ♦J ♣J
  bids Sora:13♠ ハル:pass 太郎:pass Mina:pass Kei:pass
  napoleon Sora 13♠
  call ♠J
  adjutant 太郎
  discard ♥7 ♦8 ♣9
  1 Sora: ♠A ♠2 ♠7 ♠5 ♠3
  2 Sora: ♠K ♦4 ♠J ♥4 ♠8
  3 太郎: ♥A ♥5 ♥10 ♥J ♥2
  4 ハル: ♥6 ♥3 ♥K ♦3 ♥8
  5 Mina: ♦A ♦6 ♦J ♦9 ♦2
  6 太郎: ♣3 ♣5 JK ♣J ♣4
  claim napoleon
"""
"""A simulated round (``napkifu simulate --seed 3 --deal``) cut after trick 6 by a
claim: its hand lines tell every card not played."""


def test_a_claimed_round_with_hand_lines_is_analysed_up_to_the_claim(tmp_path: Path) -> None:
    (tmp_path / "claim.nap").write_text(CLAIMED, encoding="utf-8")
    full = "\n".join(
        line for line in CLAIMED.splitlines() if line.strip() != "claim napoleon"
    ) + "".join(
        f"\n  {n} {play}"
        for n, play in [
            (7, "Sora: ♠Q ♥9 ♦5 ♦7 ♠9"),
            (8, "Sora: ♠4 ♥Q ♣6 ♦10 ♣2"),
            (9, "Sora: ♠6 ♣Q ♣7 ♣K ♣10"),
            (10, "Sora: ♠10 ♦K ♣8 ♣A ♦Q"),
        ]
    )
    (tmp_path / "full.nap").write_text(full + "\n", encoding="utf-8")
    claimed_game = api.load(tmp_path / "claim.nap").games[0]
    full_game = api.load(tmp_path / "full.nap").games[0]
    assert claimed_game.rounds[0].kind == "claim" and full_game.rounds[0].kind == "full"
    claimed = analyse_round(claimed_game.rules, claimed_game.rounds[0], 5)  # type: ignore[arg-type]
    played = analyse_round(full_game.rules, full_game.rounds[0], 5)  # type: ignore[arg-type]
    assert not claimed.complete and played.complete
    assert claimed.plays == played.plays[: len(claimed.plays)]
    assert {p.trick for p in claimed.plays} == {5, 6}
    assert claimed.final == claimed.plays[-1].value
    # without hand lines the cards not played are unknown: said, not guessed
    bare = "\n".join(line for line in CLAIMED.splitlines() if not line.strip().startswith("hand "))
    (tmp_path / "bare.nap").write_text(bare + "\n", encoding="utf-8")
    game = api.load(tmp_path / "bare.nap").games[0]
    with pytest.raises(Unsolvable, match="not known"):
        analyse_round(game.rules, game.rounds[0], 5)  # type: ignore[arg-type]


def test_ctrl_c_stops_a_long_search(tmp_path: Path) -> None:
    """The solver polls Python's signals while it searches (it releases the GIL):
    Ctrl-C ends ``analyze`` in a moment, not when the search is done (minutes)."""
    import signal
    import subprocess
    import sys
    import time

    path = str(ROOT / "sample_records" / "bga-online-4p.nap")
    cmd = [sys.executable, "-m", "napkifu", "analyze", "--no-cache", "-j", "1", path]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(4)  # well inside the first round's search from trick 1
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail("analyze ignored Ctrl-C")
    assert proc.returncode != 0 and "interrupted" in err and "Traceback" not in err
