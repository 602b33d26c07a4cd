"""``napkifu replay --analyse`` (issue 30): each analysed card shows its cost and
a best alternative in the replay's own lines, in English and Japanese; the JSON
carries the same analysis as ``napkifu analyze`` and still fits the replay's
schema; a round that cannot be analysed says why."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from napkifu import api
from napkifu.cards import card_text
from napkifu.cli import main
from napkifu.solve.engine import available
from napkifu.solve.rounds import analyse_round
from napkifu.views.replay_data import schema

pytestmark = pytest.mark.skipif(not available(), reason="analysis engine not built")

RECORD = str(Path(__file__).parent.parent / "sample_records" / "bga-online-4p.nap")


def _costly() -> tuple[int, str, str, int, str]:
    """(trick, player, card, cost, best card) of a costly card of round 1 from trick 9."""
    game = api.load(RECORD).games[0]
    a = analyse_round(game.rules, game.rounds[0], 9)  # type: ignore[arg-type]
    p = next(p for p in a.plays if p.cost)
    assert p.alternative is not None
    return p.trick, p.player, card_text(p.card), p.cost, card_text(p.alternative)


@pytest.mark.parametrize(
    ("lang", "par", "cost"),
    [
        ("en", "Double-dummy par from trick 9", "cost {cost} (best {alt})"),
        ("ja", "トリック 9 からのダブルダミーのパー", "損失 {cost}（最善 {alt}）"),
    ],
)
def test_each_card_shows_its_cost_and_a_best_card(
    capsys: pytest.CaptureFixture[str], lang: str, par: str, cost: str
) -> None:
    trick, player, card, lost, alt = _costly()
    args = ["replay", "--analyse", "--from-trick", "9", "-r", "1", "--lang", lang, RECORD]
    assert main([*args, "-t", str(trick)]) == 0
    out = capsys.readouterr().out
    assert par in out
    tricks = out.split(par)[1]
    row = next(line for line in tricks.splitlines() if line.strip().startswith(player))
    assert card in row and cost.format(cost=lost, alt=alt) in row
    assert main([*args[:-1], "-t", "8", RECORD]) == 0  # before the first analysed trick
    zero = cost.split("{")[0] + "0"  # how a card that kept the value is marked
    assert zero in tricks
    assert zero not in capsys.readouterr().out.split(par)[1]


def test_json_carries_the_analysis_and_fits_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--analyse", "--from-trick", "10", "--format", "json", RECORD]) == 0
    data = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator(schema()).validate(data)
    game = api.load(RECORD).games[0]
    for r, rnd in zip(data["games"][0]["rounds"], game.rounds, strict=True):
        if "error" in r["analysis"]:
            continue
        a = analyse_round(game.rules, rnd, 10)  # type: ignore[arg-type]
        assert r["analysis"]["par"] == a.par
        shown = [p["analysis"] for t in r["tricks"] for p in t["plays"] if "analysis" in p]
        assert [(s["value"], s["cost"]) for s in shown] == [(p.value, p.cost) for p in a.plays]


def test_a_round_not_analysed_says_why(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from tests.test_analyze_cli import CLAIMED

    bare = "\n".join(line for line in CLAIMED.splitlines() if not line.strip().startswith("hand "))
    (tmp_path / "bare.nap").write_text(bare + "\n", encoding="utf-8")
    assert main(["replay", "--analyse", str(tmp_path / "bare.nap")]) == 0
    out = capsys.readouterr().out
    assert "Not analysed: the round ends after trick 6" in out and "cost" not in out
    assert main(["replay", "--analyse", "--lang", "ja", str(tmp_path / "bare.nap")]) == 0
    assert "解析できません" in capsys.readouterr().out
