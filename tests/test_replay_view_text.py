"""The terminal renderer: plain-text snapshots of a real round (a joker trump
request, a same-two and a yoromeki in its first four tricks), colour on a
terminal, and the command's text output.

Snapshots live in tests/snapshots/; after an intended change of the layout,
regenerate them with ``NAPKIFU_UPDATE_SNAPSHOTS=1 pytest tests/test_replay_view_text.py``
and read the diff before keeping it.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from rich.console import Console

import napkifu
from napkifu.cli import main
from napkifu.views.replay_data import replay_file
from napkifu.views.replay_text import plain, print_lines, render_file, render_round

HERE = Path(__file__).parent / "snapshots"
SAMPLE = HERE / "replay_sample.nap"
EXAMPLES = Path(__file__).resolve().parent / "examples"


def sample_round() -> dict:
    data = replay_file(napkifu.load(SAMPLE), game=1, round=1)
    return data["games"][0]["rounds"][0]


def check_snapshot(name: str, text: str) -> None:
    path = HERE / name
    if os.environ.get("NAPKIFU_UPDATE_SNAPSHOTS") == "1" or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from the snapshot"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_round_snapshot(lang: str) -> None:
    check_snapshot(f"replay_sample.{lang}.txt", plain(render_round(sample_round(), lang)))  # type: ignore[arg-type]


def test_snapshot_shows_the_special_tricks() -> None:
    """The snapshot above is only worth its name if the round holds these tricks."""
    text = plain(render_round(sample_round()))
    assert "→ 太郎 wins: joker trump request" in text
    assert "→ Ken-ichi wins: same-two" in text
    assert "→ Kaz wins: yoromeki: ♥Q beats the mighty" in text
    assert "★ Haru plays ♥J: the adjutant is revealed" in text
    assert "allies (hidden)" in text  # trick 2, before the reveal in trick 6
    assert "Result: Napoleon's side" in text


def test_one_trick_only() -> None:
    text = plain(render_round(sample_round(), "en", trick=4))
    assert "Trick 4 " in text and "Trick 3 " not in text and "Result:" not in text
    assert "Contract: 太郎 13♥, called ♥J" in text
    missing = plain(render_round(sample_round(), "en", trick=40))
    assert "no trick 40 in this round" in missing


def test_hands_and_legal_cards() -> None:
    text = plain(render_round(sample_round()))
    # Kaz must follow the joker's trump request with a heart
    assert (
        "  Kaz       ♥6       trump         hand ♠5 ♥Q 6 ♦A Q 10 7 4 2 ♣Q 10 3  legal: ♥Q 6" in text
    )
    assert "legal: any" in text


def test_colour_on_a_terminal_only() -> None:
    lines = render_round(sample_round(), "en", trick=4)
    tty = io.StringIO()
    print_lines(Console(file=tty, force_terminal=True, color_system="standard", width=200), lines)
    assert "\x1b[31m♥Q\x1b[0m" in tty.getvalue()  # red hearts
    assert "\x1b[31m♠" not in tty.getvalue()  # spades in the default colour
    pipe = io.StringIO()
    print_lines(Console(file=pipe, force_terminal=False, width=40), lines)
    assert "\x1b[" not in pipe.getvalue()
    assert pipe.getvalue() == plain(lines)  # no wrapping at width 40


def test_problems_show_at_their_trick() -> None:
    fault = EXAMPLES / "faults" / "NAP504-revoke-classic-1.nap"  # a revoke in trick 1
    if not fault.exists():
        pytest.skip("shared examples not available")
    lines = plain(render_file(replay_file(napkifu.load(fault), round=1))).splitlines()
    trick1 = lines.index(next(x for x in lines if x.startswith("Trick 1 ")))
    trick2 = lines.index(next(x for x in lines if x.startswith("Trick 2 ")))
    codes = [i for i, x in enumerate(lines) if "✗ NAP504" in x]
    assert codes and all(trick1 < i < trick2 for i in codes)


def test_cli_prints_the_round(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", str(SAMPLE), "--round", "1", "--lang", "en"])
    out = capsys.readouterr().out
    assert status == 0
    assert out == plain(render_file(replay_file(napkifu.load(SAMPLE), round=1), "en"))


def test_cli_language_from_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NAPKIFU_LANG", "ja_JP.UTF-8")
    assert main(["replay", str(SAMPLE), "--trick", "2"]) == 0
    assert "トリック 2" in capsys.readouterr().out


def test_cli_bad_selection_and_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(SAMPLE), "--round", "7"]) == 2
    assert "no round 7" in capsys.readouterr().err
    assert main(["replay", str(HERE / "nope.nap")]) == 2
    assert "cannot open" in capsys.readouterr().err


def test_cli_status_1_on_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.nap"
    bad.write_text(SAMPLE.read_text(encoding="utf-8").replace("♠6\n", "♠5\n", 1), "utf-8")
    assert main(["replay", str(bad), "--lang", "en"]) == 1
    assert "✗ NAP" in capsys.readouterr().out


def test_docs_excerpt_is_real_output() -> None:
    """Every line of docs/replay.md's example (but the elisions) is in the snapshot."""
    doc = (Path(__file__).parent.parent / "docs" / "replay.md").read_text("utf-8")
    block = doc.split("Example (`standard` rules")[1].split("```")[1]
    snapshot = (HERE / "replay_sample.en.txt").read_text("utf-8").splitlines()
    lines = [x for x in block.splitlines()[1:] if x.strip() and x.strip() != "…"]
    assert len(lines) > 30
    assert [x for x in lines if x not in snapshot] == []


def test_partly_known_hands_are_labelled() -> None:
    claim = EXAMPLES / "classic" / "classic-02.nap"  # round 1: a claim after trick 6, no hands
    if not claim.exists():
        pytest.skip("shared examples not available")
    text = plain(render_round(replay_file(napkifu.load(claim), 1, 1)["games"][0]["rounds"][0]))
    assert "  次郎  ♦A     ◀ lead          known ♠5 2 ♥A J ♦A ♣A +4 unknown" in text
    assert "Napoleon's side claimed the remaining tricks" in text
    assert " hand " not in text  # never presented as the whole hand


def test_score_sheet_and_redeal_rounds() -> None:
    sheet = Path(__file__).parent.parent / "sample_records" / "bonenkai-webgame-6p-scoresheet.nap"
    text = plain(render_file(replay_file(napkifu.load(sheet), round=1), "en"))
    assert "Score sheet: no tricks recorded" in text and "Trick " not in text
    assert "Result: Napoleon's side 7 honors for a bid of 13" in text
    redeal = EXAMPLES / "standard" / "standard-01.nap"  # round 2: everyone passed
    if redeal.exists():
        text = plain(render_file(replay_file(napkifu.load(redeal), round=2)))
        assert "Everyone passed: redeal" in text and "Result" not in text


def test_napoleon_alone_is_hidden_until_the_called_card_shows() -> None:
    alone = EXAMPLES / "bga" / "bga-02.nap"  # Riku alone: the called ♠J came from the widow
    if not alone.exists():
        pytest.skip("shared examples not available")
    data = replay_file(napkifu.load(alone))
    (rnd,) = [r for g in data["games"] for r in g["rounds"] if r["adjutant"]["alone"]][:1]
    assert rnd["adjutant"]["revealed_at"] == 10
    assert [t["adjutant_public"] for t in rnd["tricks"]] == [False] * 9 + [True] * 3
    text = plain(render_round(rnd))
    assert "Adjutant: none: Riku plays alone, revealed in trick 10" in text
    assert "★ Riku plays ♠J: Napoleon is alone" in text


def test_unreadable_file_shows_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.nap"
    bad.write_bytes(b"\xef\xbb\xbfplayers A B C\n\xe9\xff\n")
    assert main(["replay", str(bad), "--round", "2", "--lang", "en"]) == 1
    assert "NAP106" in capsys.readouterr().out
