"""`napkifu simulate`: valid under every preset, deterministic, plausible, and its CLI."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from napkifu import loads
from napkifu.cli import main
from napkifu.simulate import SimConfig, SimulationError, render_files
from napkifu.simulate.emit import EmitOptions

PRESETS = ("standard", "webgame", "bga", "classic")


def judged(cfg: SimConfig, per_file: int = 1):  # type: ignore[no-untyped-def]
    files = render_files(cfg, per_file=per_file)
    return files, [loads(text, file=name) for name, text in files]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_preset_and_table_size_checks_clean(preset: str, players: int) -> None:
    cfg = SimConfig(
        preset=preset, players=players, games=2, rounds=4, seed=players, emit=EmitOptions(deal=True)
    )
    _, judgements = judged(cfg)
    for j in judgements:
        assert j.diagnostics == (), [f"{d.code} {d.message}" for d in j.diagnostics]
        assert len(j.rounds) == 4
        for r in j.rounds:
            assert r.kind in ("full", "redeal")
            if r.kind == "full":
                assert r.win is not None and r.hands is not None


@pytest.mark.parametrize("preset", PRESETS)
def test_score_sheets_check_clean(preset: str) -> None:
    cfg = SimConfig(
        preset=preset, players=5, games=2, rounds=5, seed=9, emit=EmitOptions(score_sheet=True)
    )
    files, judgements = judged(cfg, per_file=2)
    assert len(files) == 1
    (j,) = judgements
    assert j.diagnostics == ()
    assert {r.kind for r in j.rounds} <= {"score-sheet", "redeal"}
    assert "\n  1 " not in files[0][1]  # no trick lines


@pytest.mark.parametrize(
    "overrides",
    [
        (("call-timing", "after-exchange"), ("call-own-card", "forbidden")),
        (("jokers", "2"),),
        (("jokers", "0"), ("honor-threes", "on")),
        (("reverse-jack", "on"), ("joker-lead", "suit")),
        (("opening-lead", "restricted"), ("mighty-play", "any-time"), ("joker-play", "as-trump")),
        (("scoring", "formula"), ("bid-multiplier", "on"), ("twenty", "loses")),
        (("pass", "out"), ("joker-request", "played"), ("discard-honors", "first-trick")),
    ],
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o),
)
def test_rule_overrides_check_clean(overrides: tuple[tuple[str, str], ...]) -> None:
    for players in (4, 5):
        cfg = SimConfig(overrides=overrides, players=players, games=1, rounds=4, seed=5)
        files, judgements = judged(cfg)
        assert all(j.diagnostics == () for j in judgements)
        for key, value in overrides:
            assert f"rule {key} {value}" in files[0][1]


def test_output_is_deterministic_for_a_seed_and_varies_with_it() -> None:
    cfg = SimConfig(games=3, rounds=3, seed=42)
    one = render_files(cfg, per_file=1)
    assert one == render_files(cfg, per_file=1)
    # splitting games differently across files does not change any game
    three_in_one = render_files(cfg, per_file=3)[0][1]
    for _, text in one:
        body = text.split("\n", 1)[1]  # drop the `game` line (its number is per file)
        assert body in three_in_one
    other = render_files(SimConfig(games=3, rounds=3, seed=43), per_file=1)
    assert other != one


def test_simulated_output_is_already_canonical() -> None:
    from napkifu.commands.fmt import format_text

    for _, text in render_files(
        SimConfig(players=6, games=2, rounds=3, seed=3, emit=EmitOptions(deal=True)), per_file=2
    ):
        assert format_text(text)[0] == text


def test_a_season_looks_like_a_real_one() -> None:
    """A few hundred rounds of `standard`: contracts mostly 13-15, Napoleon wins about
    half to two-thirds, and playing alone is the exception."""
    _, judgements = judged(SimConfig(games=60, rounds=5, seed=2024), per_file=20)
    rounds = [r for j in judgements for r in j.rounds if r.kind != "redeal"]
    assert len(rounds) >= 250
    bids = Counter(r.bid_count for r in rounds)
    assert sum(bids[c] for c in (13, 14, 15)) / len(rounds) >= 0.85
    win = sum(1 for r in rounds if r.win) / len(rounds)
    assert 0.40 <= win <= 0.72, win
    assert sum(1 for r in rounds if r.alone) / len(rounds) <= 0.25
    assert len({r.trump for r in rounds}) == 4


def test_names_and_quoting() -> None:
    cfg = SimConfig(players=4, games=1, rounds=1, seed=1, names=("Taro Y.", "ハル", "太郎", "Mina"))
    ((_name, text),) = render_files(cfg)
    assert 'players "Taro Y." ハル 太郎 Mina' in text
    assert loads(text).diagnostics == ()


def test_bad_rules_are_a_simulation_error() -> None:
    with pytest.raises(SimulationError, match="preset"):
        render_files(SimConfig(preset="nosuch"))
    with pytest.raises(SimulationError):
        render_files(SimConfig(overrides=(("min-bid", "banana"),)))


# -- the command -------------------------------------------------------------------------


def test_cli_writes_one_file_per_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    argv = [
        "simulate",
        "--preset",
        "bga",
        "--players",
        "4",
        "--games",
        "3",
        "--rounds",
        "2",
        "--seed",
        "7",
        "-o",
        str(out),
    ]
    assert main(argv) == 0
    files = sorted(out.glob("*.nap"))
    assert len(files) == 3
    for f in files:
        assert loads(f.read_text(encoding="utf-8")).diagnostics == ()
    assert "wrote 3 file(s)" in capsys.readouterr().err
    assert main([*argv, "--per-file", "2", "-o", str(tmp_path / "two")]) == 0
    assert len(list((tmp_path / "two").glob("*.nap"))) == 2
    # worker processes change nothing in the output
    assert main([*argv, "--jobs", "2", "-o", str(tmp_path / "jobs")]) == 0
    for f in files:
        assert (tmp_path / "jobs" / f.name).read_bytes() == f.read_bytes()


def test_cli_stdout_deal_and_score_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rounds", "2", "--deal", "--seed", "1"]) == 0
    text = capsys.readouterr().out
    assert "\n  hand " in text and "\n  widow " in text and "\n  1 " in text
    assert (
        main(
            [
                "simulate",
                "--rounds",
                "2",
                "--score-sheet",
                "--stdout",
                "--seed",
                "1",
                "--names",
                "Ann,Bob,Cy,Dee,Eve",
            ]
        )
        == 0
    )
    sheet = capsys.readouterr().out
    assert "\n  1 " not in sheet and "players Ann Bob Cy Dee Eve" in sheet
    assert "result " in sheet and "total " in sheet


def test_cli_rule_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rule", "min-bid=12", "--rule", "twenty=loses", "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert "rule min-bid 12" in text and "rule twenty loses" in text
    assert loads(text).diagnostics == ()


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "7"],
        ["--rule", "min-bid"],
        ["--preset", "nosuch"],
        ["--rule", "nosuch=1"],
        ["--names", "A,B"],
        ["--names", "A,B,A,C,D"],
        ["--games", "0"],
    ],
)
def test_cli_usage_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", *argv]) == 2
    assert "napkifu simulate:" in capsys.readouterr().err


def test_sim_stats_script_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import runpy

    module = runpy.run_path(str(Path(__file__).resolve().parents[1] / "scripts" / "sim_stats.py"))
    assert module["main"](["--rounds", "40", "--per-game", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "diagnostics: none" in out and "Napoleon won" in out and "rounds per CPU-second" in out
