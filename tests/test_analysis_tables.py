"""Season tables from hand-built judgements: every column against hand-computed values.

These judgements are written by hand (not by the engine) so that the analysis layer
is tested on its own: what it must do is copy and count what the engine judged.
"""

from __future__ import annotations

from datetime import date

import polars as pl
import pytest

from napkifu.analysis import COLUMNS, SeasonFilter, build_season, schema
from napkifu.cards import Suit, make_card, parse_card
from napkifu.diagnostics import Diagnostic
from napkifu.model import Bid, BidsLine, Game, PlayerRef, Round, Span
from napkifu.replay.results import (
    JudgedGame,
    JudgedPlay,
    JudgedRound,
    JudgedTrick,
    Judgement,
    PlayedTrick,
)

SEATS = ("A", "B", "C", "D", "E")


def trick(number: int, leader: str, cards: str, winner: str, cls: str = "lead") -> JudgedTrick:
    """Plays in seat order starting with ``leader``."""
    order = SEATS[SEATS.index(leader) :] + SEATS[: SEATS.index(leader)]
    plays = []
    for player, text in zip(order, cards.split(), strict=True):
        card = parse_card(text.split(">")[0])
        assert card is not None
        suit = {"♠": Suit.SPADES, "♥": Suit.HEARTS}.get(text.split(">")[1]) if ">" in text else None
        plays.append(JudgedPlay(player, card, suit, cls, Span(0, 0, 0, 0)))
    honors = tuple(p.card for p in plays if 8 <= p.card % 13 <= 12 and p.card < 52)
    return JudgedTrick(
        number, leader, Suit.SPADES, tuple(plays), winner, cls, "", "", honors, None,
        None, None, None, None,
    )  # fmt: skip


def jround(
    number: int,
    napoleon: str | None,
    bid: int | None = None,
    trump: Suit | None = None,
    adjutant: str | None = None,
    win: bool | None = None,
    honors: tuple[int, int] | None = None,
    scores: dict[str, int] | None = None,
    *,
    alone: bool = False,
    tricks: tuple[JudgedTrick, ...] = (),
    bids: tuple[tuple[str, int | None, Suit | None], ...] = (),
    diagnostics: tuple[Diagnostic, ...] = (),
    line: int = 0,
    players: tuple[str, ...] = SEATS,
) -> JudgedRound:
    source = Round(
        number,
        bids=(BidsLine(tuple(Bid(PlayerRef(p), c, s) for p, c, s in bids)),) if bids else (),
    )
    kind = "redeal" if napoleon is None else ("claim" if tricks else "score-sheet")
    return JudgedRound(
        game=1, number=number, kind=kind, players=players, dealer=None, first_bidder=None,
        bid_players=tuple(p for p, _, _ in bids), napoleon=napoleon, bid_count=bid,
        trump=trump, no_trump=False, called=make_card(Suit.HEARTS, 11) if napoleon else None,
        adjutant=adjutant, adjutant_known=True, alone=alone, adjutant_revealed_at=None,
        honors_napoleon=honors[0] if honors else None,
        honors_allies=honors[1] if honors else None, win=win, twenty=False, scores=scores,
        written_scores=None, written_totals=None, tricks=tricks, discards=(), widow=(),
        hands=None, diagnostics=diagnostics, source=source, span=Span(line, 1, line, 8),
        played=tuple(played(t) for t in tricks),
    )  # fmt: skip


def played(t: JudgedTrick) -> PlayedTrick:
    """The seated trick's facts the engine keeps beside a judged trick."""
    joker = any(p.joker_suit is not None for p in t.plays)
    return PlayedTrick(
        t.number, t.leader, tuple(SEATS.index(p.player) for p in t.plays),
        tuple(p.card for p in t.plays), tuple(p.joker_suit for p in t.plays) if joker else (),
        t.winner, t.honors,
    )  # fmt: skip


def jgame(
    number: int, rounds: tuple[JudgedRound, ...], day: str | None, preset: str = "standard",
    title: str | None = None, players: tuple[str, ...] = SEATS,
) -> JudgedGame:  # fmt: skip
    return JudgedGame(number, title, day, None, {}, players, preset, None, rounds, (), Game(number))


def judgement(file: str, *games: JudgedGame, diagnostics: tuple[Diagnostic, ...] = ()) -> Judgement:
    return Judgement(file, None, games, diagnostics)


S, H, D = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS
G1R1 = jround(
    1, "A", 13, S, "B", True, (14, 6), {"A": 2, "B": 1, "C": -1, "D": -1, "E": -1},
    tricks=(
        trick(1, "A", "♠A ♠K ♠2 ♠3 ♠4", "A", "mighty"),
        trick(2, "A", "♥10 ♥J ♥Q ♥2 ♥3", "C"),
    ),
    bids=(("C", 13, H), ("D", None, None), ("E", None, None), ("A", 13, S), ("B", None, None),
          ("C", None, None)),
    line=5,
)  # fmt: skip
G1R2 = jround(
    2, "C", 14, H, None, False, (10, 10), {"A": 1, "B": 1, "C": -4, "D": 1, "E": 1}, alone=True
)
G1R3 = jround(3, None, bids=tuple((p, None, None) for p in SEATS))
G2R1 = jround(1, "A", 14, D, "C", False, (12, 8), {"A": -2, "B": 1, "C": -1, "D": 1, "E": 1})
ERROR = Diagnostic("NAP504", "revoke", Span(30, 3, 30, 6), "c.nap", 1, 2)


def season_of(*js: Judgement, filters: SeasonFilter | None = None):  # type: ignore[no-untyped-def]
    return build_season(js, filters)


@pytest.fixture(scope="module")
def season():  # type: ignore[no-untyped-def]
    return season_of(
        judgement("a.nap", jgame(1, (G1R1, G1R2, G1R3), "2026-01-10", title="Club #1")),
        judgement("b.nap", jgame(1, (G2R1,), "2026-02-01", preset="bga")),
        # c.nap: a copy of a.nap's round 1 and a round with a revoke
        judgement(
            "c.nap",
            jgame(
                1,
                (G1R1, jround(2, "B", 13, S, "A", True, line=30, diagnostics=(ERROR,))),
                "2026-01-10",
                title="Club #1",
            ),
        ),
    )


def test_every_table_has_its_documented_schema(season) -> None:  # type: ignore[no-untyped-def]
    for name in COLUMNS:
        assert dict(season.table(name).schema) == schema(name), name


def test_rounds_rows(season) -> None:  # type: ignore[no-untyped-def]
    r = season.rounds
    assert r.height == 5  # a.nap 3, b.nap 1, c.nap 1 duplicate (the revoke is excluded)
    first = r.row(0, named=True)
    assert first == first | {
        "file": "a.nap", "game": 1, "game_title": "Club #1", "date": date(2026, 1, 10),
        "year": 2026, "round": 1, "kind": "claim", "preset": "standard", "players_count": 5,
        "dealer": None, "napoleon": "A", "bid": 13, "trump": "♠", "contract": "13♠",
        "called": "♥J", "adjutant": "B", "alone": False, "honors_napoleon": 14,
        "honors_allies": 6, "win": True, "twenty": False, "player_1": "A", "player_5": "E",
        "player_6": None, "score_1": 2, "score_2": 1, "score_3": -1, "score_6": None,
        "duplicate_of": None,
    }  # fmt: skip
    redeal = r.row(2, named=True)
    assert (redeal["kind"], redeal["napoleon"], redeal["win"], redeal["alone"]) == (
        "redeal", None, None, None,
    )  # fmt: skip
    copy = r.row(4, named=True)
    assert copy["file"] == "c.nap"
    assert copy["round_id"] == first["round_id"]
    assert copy["duplicate_of"] == "a.nap:1:1"
    assert r["round_id"].n_unique() == 4


def test_excluded_lists_the_first_error(season) -> None:  # type: ignore[no-untyped-def]
    assert season.excluded.to_dicts() == [
        {"file": "c.nap", "game": 1, "round": 2, "line": 30, "code": "NAP504", "message": "revoke"}
    ]
    assert season.files == 3


def test_player_rounds(season) -> None:  # type: ignore[no-untyped-def]
    pr = season.player_rounds
    assert pr.height == 15  # 3 contracts x 5 players; the duplicate and the redeal add none
    a1 = pr.filter((pl.col("file") == "a.nap") & (pl.col("round") == 1))
    assert a1.select("player", "seat", "role", "side", "points", "honors", "won", "partner").rows() == [
        ("A", 1, "napoleon", "napoleon", 2, 2, True, "B"),
        ("B", 2, "adjutant", "napoleon", 1, 0, True, "A"),
        ("C", 3, "allied", "allies", -1, 3, False, None),
        ("D", 4, "allied", "allies", -1, 0, False, None),
        ("E", 5, "allied", "allies", -1, 0, False, None),
    ]  # fmt: skip
    alone = pr.filter((pl.col("file") == "a.nap") & (pl.col("round") == 2))
    assert alone.select("player", "role", "won", "honors", "alone", "bid", "trump").rows() == [
        ("A", "allied", True, None, True, 14, "♥"),
        ("B", "allied", True, None, True, 14, "♥"),
        ("C", "napoleon", False, None, True, 14, "♥"),
        ("D", "allied", True, None, True, 14, "♥"),
        ("E", "allied", True, None, True, 14, "♥"),
    ]


def test_tricks(season) -> None:  # type: ignore[no-untyped-def]
    t = season.tricks
    assert t.height == 2  # the copy in c.nap is not counted twice
    assert t.select(
        "trick", "leader", "plays", "winner", "winning_class", "honors", "honors_count",
        "card_1", "card_3", "card_5", "card_6",
    ).rows() == [
        (1, "A", "♠A ♠K ♠2 ♠3 ♠4", "A", "mighty", "♠A ♠K", 2, "♠A", "♠2", "♠4", None),
        (2, "A", "♥10 ♥J ♥Q ♥2 ♥3", "C", "lead", "♥10 ♥J ♥Q", 3, "♥10", "♥Q", "♥3", None),
    ]  # fmt: skip


def test_bids(season) -> None:  # type: ignore[no-untyped-def]
    b = season.bids
    assert b.filter(pl.col("file") == "a.nap").select("order", "player", "bid", "source").rows()[
        :4
    ] == [
        (1, "C", 13, "bids"),
        (2, "D", None, "bids"),
        (3, "E", None, "bids"),
        (4, "A", 13, "bids"),
    ]
    # rounds without a bids line: Napoleon's bid from the napoleon line
    assert b.filter(pl.col("source") == "napoleon").select("file", "round", "player", "bid").rows() == [
        ("a.nap", 2, "C", 14),
        ("b.nap", 1, "A", 14),
    ]  # fmt: skip


def test_season_by_hand(season) -> None:  # type: ignore[no-untyped-def]
    rows = {r["player"]: r for r in season.season.to_dicts()}
    assert set(rows) == set(SEATS)
    a = rows["A"]
    assert a == {
        "player": "A", "games": 2, "rounds": 3, "points": 1, "points_avg": pytest.approx(1 / 3),
        "napoleon_rounds": 2, "napoleon_wins": 1, "napoleon_win_rate": 0.5,
        "adjutant_rounds": 0, "adjutant_wins": 0, "adjutant_win_rate": None,
        "allied_rounds": 1, "allied_wins": 1, "allied_win_rate": 1.0,
        "bids_made": 2, "bid_avg": 13.5, "contracts_by_bid": "13:1/1 14:0/1",
        "alone_rounds": 0, "alone_wins": 0, "honors_avg": 2.0,
        "partner": "B", "partner_rounds": 1,
    }  # fmt: skip
    c = rows["C"]
    assert (c["rounds"], c["points"], c["napoleon_rounds"], c["alone_rounds"], c["alone_wins"]) == (
        3, -6, 1, 1, 0,
    )  # fmt: skip
    assert (c["adjutant_rounds"], c["adjutant_wins"], c["allied_rounds"], c["allied_wins"]) == (
        1, 0, 1, 0,
    )  # fmt: skip
    assert (c["bids_made"], c["bid_avg"], c["contracts_by_bid"], c["honors_avg"]) == (
        2, 13.5, "14:0/1", 3.0,
    )  # fmt: skip
    assert (c["partner"], c["partner_rounds"]) == ("A", 1)
    e = rows["E"]
    assert (e["points"], e["bids_made"], e["bid_avg"], e["partner"], e["contracts_by_bid"]) == (
        1, 0, None, None, None,
    )  # fmt: skip
    # sorted by points (B 3; A, D, E 1; C -6), then by name
    assert season.season["player"].to_list() == ["B", "A", "D", "E", "C"]


def test_contracts(season) -> None:  # type: ignore[no-untyped-def]
    assert season.contracts.rows() == [
        ("A", 13, 1, 1, 1.0),
        ("A", 14, 1, 0, 0.0),
        ("C", 14, 1, 0, 0.0),
    ]


def test_filters() -> None:
    files = (
        judgement("a.nap", jgame(1, (G1R1, G1R2), "2026-01-10")),
        judgement("b.nap", jgame(1, (G2R1,), "2026-02-01", preset="bga")),
        judgement("u.nap", jgame(1, (G2R1,), None)),
    )
    by_date = build_season(files, SeasonFilter(since=date(2026, 1, 11)))
    assert by_date.rounds["file"].to_list() == ["b.nap"]
    by_until = build_season(files, SeasonFilter(until=date(2026, 1, 10)))
    assert by_until.rounds["file"].to_list() == ["a.nap", "a.nap"]
    by_preset = build_season(files, SeasonFilter(presets=("bga",)))
    assert by_preset.rounds["file"].to_list() == ["b.nap"]
    other = jgame(1, (jround(1, "X", 13, S, "Y", True, players=("X", "Y", "Z")),), None,
                  players=("X", "Y", "Z"))  # fmt: skip
    by_player = build_season((*files, judgement("x.nap", other)), SeasonFilter(players=("Z",)))
    assert by_player.rounds["file"].to_list() == ["x.nap"]
    assert by_player.season["player"].to_list() == ["Z"]


def test_errors_are_placed_by_game_round_or_line() -> None:
    game_error = Diagnostic("NAP104", "unknown option", Span(3, 1, 3, 5), "g.nap", 1, None)
    by_line = Diagnostic("NAP101", "syntax", Span(12, 1, 12, 2), "g.nap")
    rounds = (jround(1, "A", 13, S, "B", True, line=5), jround(2, "A", 13, S, "B", True, line=10))
    s = build_season([judgement("g.nap", jgame(1, rounds, None), diagnostics=(by_line,))])
    assert s.excluded.select("round", "line", "code").rows() == [(2, 12, "NAP101")]
    assert s.rounds["round"].to_list() == [1]
    s = build_season([judgement("g.nap", jgame(1, rounds, None), diagnostics=(game_error,))])
    assert s.excluded.select("round", "code").rows() == [(1, "NAP104"), (2, "NAP104")]
    assert s.rounds.height == 0
    nothing = build_season(
        [judgement("z.nap", diagnostics=(Diagnostic("NAP106", "bad", Span(1, 1, 1, 2)),))]
    )
    assert nothing.excluded.select("file", "game", "round", "code").rows() == [
        ("z.nap", None, None, "NAP106")
    ]
    warning = Diagnostic("NAP701", "dealer", Span(10, 1, 10, 2), "g.nap", 1, 2)
    s = build_season([judgement("g.nap", jgame(1, rounds, None), diagnostics=(warning,))])
    assert s.excluded.height == 0 and s.rounds.height == 2


def test_a_column_table_holds_rows_column_by_column() -> None:
    """FileRows' tables: a row as a dict fills every column (null where it names
    none), reads back as the same dicts, and two tables are equal by their columns."""
    from napkifu.analysis.columnar import PLACING, ROUND_OF, ColumnTable, FileRows

    table = ColumnTable(("a", "b", "c"))
    assert len(table) == 0 and list(table) == []
    table.append({"a": 1, "c": "x"})
    table.columns["a"].append(2)
    table.columns["b"].append(True)
    table.columns["c"].append(None)
    assert len(table) == 2
    assert list(table) == [{"a": 1, "b": None, "c": "x"}, {"a": 2, "b": True, "c": None}]
    other = ColumnTable(("a", "b", "c"))
    for row in table:
        other.append(row)
    assert other == table and other != ColumnTable(("a", "b", "c"))
    table.clear()
    assert len(table) == 0
    rows = FileRows("x.nap")
    assert list(rows.rounds.columns) == list(COLUMNS["rounds"])
    for name in ("player_rounds", "tricks", "bids"):  # placed by their round's row
        held = [ROUND_OF, *(c for c in COLUMNS[name] if c not in PLACING)]
        assert list(getattr(rows, name).columns) == held, name
        assert set(PLACING) <= set(COLUMNS[name]), name
