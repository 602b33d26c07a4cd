"""``napkifu replay --format json`` against its schema, for every record we ship
and every shared example (faults included: a broken record still replays)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import jsonschema
import pytest

from napkifu.cli import main
from napkifu.views.replay_data import schema

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = Path(__file__).resolve().parent / "examples"
RECORDS = sorted((ROOT / "sample_records").glob("*.nap")) + sorted(EXAMPLES.glob("*/*.nap"))


@cache
def validator() -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema())
    return jsonschema.Draft202012Validator(schema())


def test_there_are_records_to_check() -> None:
    assert len(list((ROOT / "sample_records").glob("*.nap"))) >= 1


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_json_output_matches_the_schema(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", str(path), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    errors = sorted(validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    assert not errors, f"{errors[0].json_path}: {errors[0].message[:300]}"
    assert status == (1 if data["has_errors"] else 0)
    if "faults" not in path.parts:
        assert not data["has_errors"]
        # a valid full round replays every card, with the winner of every trick
        for game in data["games"]:
            for rnd in game["rounds"]:
                cards = sum(len(t["plays"]) for t in rnd["tricks"])
                assert len(rnd["steps"]) == cards
                assert all(t["winner"] in rnd["players"] for t in rnd["tricks"])


def test_json_selection(capsys: pytest.CaptureFixture[str]) -> None:
    sample = ROOT / "tests" / "snapshots" / "replay_sample.nap"
    assert main(["replay", str(sample), "--format", "json", "--game", "1", "--round", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    validator().validate(data)
    (rnd,) = data["games"][0]["rounds"]
    assert rnd["contract"]["text"] == "太郎 13♥"
    classes = [t["winning_class"] for t in rnd["tricks"]]
    assert classes[:4] == ["joker-lead", "same-two", "lead", "yoromeki"]
    assert rnd["adjutant"] == {"player": "Haru", "known": True, "alone": False, "revealed_at": 6}
