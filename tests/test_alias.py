"""``alias`` (NOTATION.md v1.1 §4): names that are one player, counted as the first."""

from __future__ import annotations

from pathlib import Path

from napkifu.analysis import load_season
from napkifu.api import load, loads
from napkifu.notation import parse
from napkifu.notation.writer import format_record

CLUB = Path(__file__).parent / "records" / "aliases" / "club.nap"


def test_aliases_are_read_as_the_first_name() -> None:
    j = load(CLUB)
    assert j.diagnostics == ()
    one, two = j.games
    assert one.players == ("ハル", "Sora", "Mina", "Riku", "Kei")  # `players Haru …`
    assert one.rounds[0].napoleon == "ハル"  # `napoleon Haru-chan 13♠`
    assert two.players[1] == "Sora2"  # a game's own alias, after the file's
    assert two.rounds[0].adjutant == "ハル"  # the file-level alias holds in game 2


def test_game_alias_stays_in_its_game() -> None:
    text = CLUB.read_text(encoding="utf-8") + (
        '\ngame "three"\nplayers ハル Sora Mina Riku Kei\nround 1\nnapoleon Sora 13♠\n'
        "adjutant Mina\nresult 14\n"
    )
    assert loads(text).games[2].players[1] == "Sora"


def test_unknown_name_is_still_nap103() -> None:
    text = "alias A Ay\nplayers A B C D E\nround 1\nnapoleon Bee 13♠\nadjutant Ay\nresult 14\n"
    assert [(d.code, d.span.line) for d in loads(text).diagnostics] == [("NAP103", 4)]


def test_fmt_keeps_where_an_alias_holds() -> None:
    record, _ = parse(CLUB.read_text(encoding="utf-8"))
    text = format_record(record)
    assert text.startswith('alias ハル Haru Haru-chan\ngame "one"\n')
    assert 'game "two"\nalias Sora2 Sora\n' in text
    again = loads(text)
    assert [g.players for g in again.games] == [g.players for g in load(CLUB).games]


def test_season_counts_the_first_name(tmp_path: Path) -> None:
    (tmp_path / "club.nap").write_bytes(CLUB.read_bytes())
    s = load_season([tmp_path])
    names = set(s.player_rounds["player"].to_list())
    assert {"ハル", "Sora", "Sora2"} <= names and not names & {"Haru", "Haru-chan"}
