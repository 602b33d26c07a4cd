"""`napkifu fmt`: meaning kept, idempotent, canonical, safe on disk."""

from __future__ import annotations

import os
import random
import re
import stat
from dataclasses import replace
from pathlib import Path

import pytest
from corpus import RECORDS
from hypothesis import given, settings
from hypothesis import strategies as st

from napkifu.cli import main
from napkifu.commands.fmt import complete, format_text
from napkifu.model import Record
from napkifu.notation import parse
from napkifu.notation.writer import hand_order
from napkifu.replay import judge


def sorted_hands(record: Record) -> Record:
    """A hand is a set of cards: its order as written carries no meaning."""
    games = []
    for game in record.games:
        rounds = []
        for rnd in game.rounds:
            hands = tuple(
                replace(h, cards=tuple(sorted(h.cards, key=lambda c: hand_order(c.card))))
                for h in rnd.hands
            )
            rounds.append(replace(rnd, hands=hands))
        games.append(replace(game, rounds=tuple(rounds)))
    return replace(record, games=tuple(games))


def meaning(text: str) -> Record:
    """What a text says: parsed, hands as sets."""
    return sorted_hands(parse(text, file="x.nap")[0])


def completed(text: str) -> Record:
    """What a text says, with the engine's certain leaders and bidders filled in."""
    record, _ = parse(text, file="x.nap")
    games, _ = judge(record, file="x.nap")
    return sorted_hands(complete(record, games))


def assert_meaning_kept(text: str, cards: str = "unicode") -> str:
    out, errors = format_text(text, file="x.nap", cards=cards)
    assert out is not None, errors
    # the output says what the input says, with the engine's certain leaders/bidders filled in
    assert meaning(out) == completed(text)
    assert completed(out) == completed(text)
    again, _ = format_text(out, file="x.nap", cards=cards)
    assert again == out, "fmt is not idempotent"
    return out


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_every_record_in_the_repo_keeps_its_meaning(path: Path) -> None:
    from napkifu.notation import decode

    text, _diags = decode(path.read_bytes(), file=str(path))
    if text is None:
        pytest.skip("undecodable on purpose")
    out, errors = format_text(text, file=str(path))
    if out is None:
        assert all(
            d.code in {"NAP101", "NAP102", "NAP103", "NAP104", "NAP105", "NAP106"} for d in errors
        )
        return
    assert_meaning_kept(text)
    assert_meaning_kept(text, cards="ascii")


MESSY = """\
# Friday club — table 2
game "Friday #12"   # the big one
players Haru Sora Mina Riku Kei
rules standard

round 1
dealer Kei
  bids pass 13H   pass 14S pass pass pass pass   # Riku outbids Sora
napoleon Riku 14♠
call HJ
    discard C8 D3 H2
# first trick: Sora's mighty
1 S3 S5 SK SA S2
\t2 Sora: ♥T ♥3 ♥5 ♥9 ♥K
"""


def test_messy_record_gets_leaders_names_and_one_card_style() -> None:
    out, errors = format_text(MESSY + "", file="m.nap")
    if out is None:  # the fixture is an unfinished round; only notation errors may block
        pytest.fail(f"refused: {errors}")
    assert "# Friday club — table 2" in out
    assert "# the big one" in out
    assert "# Riku outbids Sora" in out
    assert "# first trick: Sora's mighty" in out
    assert re.search(r"Haru:pass", out) and re.search(r"Sora:13♥", out)
    assert re.search(r"^\s*1 Riku:", out, re.M)
    assert "HJ" not in out and "♥J" in out
    assert "♥10" in out and "♥T" not in out
    assert_meaning_kept(MESSY)


def test_ascii_card_style() -> None:
    out, _ = format_text(MESSY, cards="ascii")
    assert out is not None
    assert "♥" not in out and "♠" not in out and "H10" in out
    assert_meaning_kept(MESSY, cards="ascii")


def test_syntax_errors_are_refused() -> None:
    out, errors = format_text("players A B C D\nround 1\n%%% nonsense\n")
    assert out is None
    assert errors and all(d.code.startswith("NAP1") for d in errors)


# -- generated records, messed up and formatted back ------------------------------------

_SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_QUOTED_OR_WORD = r'(?:"(?:[^"\\]|\\.)*"|[^\s:"#]+)'


def mess_up(text: str, rng: random.Random) -> str:
    """What hand-writing does to a canonical record: odd indentation, ASCII suits, T for
    10, trick leaders and bidder names left out (none of which changes the meaning)."""
    out = []
    for line in text.splitlines():
        body = line.strip()
        if re.match(r"\d+ ", body) and rng.random() < 0.6:
            body = re.sub(rf"^(\d+) {_QUOTED_OR_WORD}: ", r"\1 ", body)
        if body.startswith("bids ") and rng.random() < 0.6:
            body = re.sub(rf"(?<= ){_QUOTED_OR_WORD}:(?=\S)", "", body)
        if re.match(r"(\d+ |hand |widow |discard |call )", body) and rng.random() < 0.5:
            body = re.sub(r"[♠♥♦♣]", lambda m: _SUIT_LETTER[m.group(0)], body)
            body = re.sub(r"([SHDC♠♥♦♣])10\b", r"\1T", body)
        out.append(rng.choice(["", "  ", "\t", "    "]) + body + rng.choice(["", " ", "\t"]))
    return "\n".join(out) + rng.choice(["\n", "\n\n", ""])


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    preset=st.sampled_from(["standard", "webgame", "bga", "classic"]),
    players=st.integers(3, 6),
    deal=st.booleans(),
    mess=st.randoms(use_true_random=False),
)
def test_generated_records_survive_a_mess(
    seed: int, preset: str, players: int, deal: bool, mess: random.Random
) -> None:
    from napkifu.notation.writer import format_record
    from napkifu.simulate import SimConfig, simulate_record
    from napkifu.simulate.emit import EmitOptions

    cfg = SimConfig(
        preset=preset, players=players, rounds=2, seed=seed, emit=EmitOptions(deal=deal)
    )
    canonical = format_record(simulate_record(cfg, 1, 1))
    assert format_text(canonical)[0] == canonical  # simulated output is already canonical
    messy = mess_up(canonical, mess)
    assert format_text(messy)[0] == canonical
    assert_meaning_kept(messy)


# -- the command on disk ---------------------------------------------------------------


@pytest.fixture
def messy_file(tmp_path: Path) -> Path:
    path = tmp_path / "club.nap"
    path.write_text(MESSY, encoding="utf-8")
    path.chmod(0o640)
    return path


def test_check_lists_files_that_would_change(
    messy_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = messy_file.read_bytes()
    assert main(["fmt", "--check", str(messy_file)]) == 1
    assert str(messy_file) in capsys.readouterr().err
    assert messy_file.read_bytes() == before
    assert main(["fmt", str(messy_file)]) == 0
    assert main(["fmt", "--check", str(messy_file)]) == 0


def test_rewrite_keeps_permissions_and_leaves_no_temp_file(messy_file: Path) -> None:
    assert main(["fmt", str(messy_file)]) == 0
    assert stat.S_IMODE(messy_file.stat().st_mode) == 0o640
    assert sorted(os.listdir(messy_file.parent)) == ["club.nap"]
    formatted = messy_file.read_bytes()
    assert main(["fmt", str(messy_file)]) == 0
    assert messy_file.read_bytes() == formatted


def test_diff_and_stdout_do_not_touch_the_file(
    messy_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = messy_file.read_bytes()
    assert main(["fmt", "--diff", str(messy_file)]) == 0
    diff = capsys.readouterr().out
    assert diff.startswith("---") and re.search(r"^\+\s*1 Riku:", diff, re.M)
    assert main(["fmt", "--stdout", "--cards", "ascii", str(messy_file)]) == 0
    out = capsys.readouterr().out
    assert "H10" in out and "♥" not in out
    assert messy_file.read_bytes() == before


def test_refuses_a_file_with_syntax_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.nap"
    text = "players A B C D\nround 1\n1 A: ♠A ♠K %% ♠Q\n"
    path.write_text(text, encoding="utf-8")
    assert main(["fmt", str(path)]) == 1
    err = capsys.readouterr().err
    assert "NAP1" in err and "cannot format" in err
    assert path.read_text(encoding="utf-8") == text


def test_interrupted_write_leaves_the_original(
    messy_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from napkifu.commands import fmt as fmt_cmd

    def boom(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(fmt_cmd.os, "replace", boom)
    before = messy_file.read_bytes()
    with pytest.raises(KeyboardInterrupt):
        fmt_cmd.write_atomically(str(messy_file), b"half")
    assert messy_file.read_bytes() == before
    assert sorted(os.listdir(messy_file.parent)) == ["club.nap"]


def test_unreadable_file_is_exit_2(tmp_path: Path) -> None:
    assert main(["fmt", str(tmp_path / "missing.nap")]) == 2


def test_engine_errors_fill_only_what_is_certain() -> None:
    # 13♣ after 13♥ is not a higher bid (NAP302): who bid what is in doubt, names stay out
    bad_auction = (
        "players A B C D\nround 1\ndealer D\nbids pass 13♥ 13♣ pass pass pass\n"
        "adjutant C\nresult 14\n"
    )
    out, _ = format_text(bad_auction)
    assert out is not None and "bids pass 13♥ 13♣ pass pass pass" in out
    # a written leader is never changed, even a wrong one (NAP501)
    wrong_leader = MESSY.replace("\t2 Sora:", "\t2 Kei:")
    out, _ = format_text(wrong_leader)
    assert out is not None and "2 Kei: ♥10" in out
    assert_meaning_kept(wrong_leader)
