"""Step mode driven by scripted keys: the key parser, paging, jumping, quitting,
and the fall-back to printing everything when there is no terminal."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

import napkifu
from napkifu.cli import main
from napkifu.views import replay_step
from napkifu.views.replay_data import replay_file
from napkifu.views.replay_step import Command, commands, is_interactive, pages, run

SAMPLE = Path(__file__).parent / "snapshots" / "replay_sample.nap"
WHERE = re.compile(r"^Game \d+, round \d+ · (.+?)  \[(\d+)/(\d+)\]", re.M)


def rounds() -> list[dict]:
    data = replay_file(napkifu.load(SAMPLE))
    return [r for g in data["games"] for r in g["rounds"]]


def drive(keys: str, start: int | None = None, lang: str = "en") -> tuple[list[str], str]:
    """Run step mode on the sample with ``keys`` typed; the pages shown, in order."""
    out = io.StringIO()
    stream = io.StringIO(keys)
    console = Console(file=out, force_terminal=False, width=120)
    run(rounds(), console, lambda: stream.read(1), lang, start)  # type: ignore[arg-type]
    text = out.getvalue()
    return [m.group(1) for m in WHERE.finditer(text)], text


def parse(keys: str) -> list[Command]:
    stream = io.StringIO(keys)
    return list(commands(lambda: stream.read(1)))


def test_keys_become_commands() -> None:
    assert parse("np 12\n\x1b[C\x1b[D\nq") == [
        Command("next"),
        Command("prev"),
        Command("next"),
        Command("jump", 12),
        Command("next"),
        Command("prev"),
        Command("next"),
        Command("quit"),
    ]
    assert parse("4\x7f5\r") == [Command("jump", 5), Command("quit")]  # backspace; EOF quits
    assert parse("gG\x03") == [Command("first"), Command("last"), Command("quit")]
    assert parse("x5n") == [Command("next"), Command("quit")]  # digits without Enter are dropped


def test_pages_are_deal_tricks_result() -> None:
    book = pages(rounds())
    assert [p.kind for p in book] == ["deal"] + ["trick"] * 12 + ["result"]


def test_next_previous_and_quit() -> None:
    shown, text = drive("nnpq")
    assert shown == ["deal and auction", "trick 1", "trick 2", "trick 1"]
    assert "Trick 2 · 太郎 leads" in text
    assert "n/→ next" in text


def test_jump_and_bounds() -> None:
    shown, _ = drive("p4\n\x1b[C0\n99\nGnq")
    assert shown == [
        "deal and auction",
        "deal and auction",
        "trick 4",
        "trick 5",
        "deal and auction",
        "deal and auction",
        "result",
        "result",
    ]


def test_start_at_a_trick_and_japanese() -> None:
    out = io.StringIO()
    stream = io.StringIO("q")
    run(rounds(), Console(file=out, width=120), lambda: stream.read(1), "ja", 6)
    text = out.getvalue()
    assert "トリック 6" in text and "副官が判明" in text


def test_end_of_input_quits() -> None:
    shown, _ = drive("")
    assert shown == ["deal and auction"]


def test_no_terminal_prints_everything(capsys: pytest.CaptureFixture[str]) -> None:
    # under pytest stdin and stdout are not terminals
    assert not is_interactive(io.StringIO(), io.StringIO())
    assert main(["replay", str(SAMPLE), "--step", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Trick 1 " in out and "Trick 12 " in out and "Result:" in out
    assert "n/→ next" not in out


def test_terminal_goes_to_step_mode(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[tuple[int, int | None]] = []
    monkeypatch.setattr(replay_step, "is_interactive", lambda i, o: True)
    monkeypatch.setattr(
        replay_step, "run_terminal", lambda rs, lang, start: seen.append((len(rs), start))
    )
    assert main(["replay", str(SAMPLE), "--step", "--trick", "3"]) == 0
    assert seen == [(1, 3)]
    assert capsys.readouterr().out == ""
