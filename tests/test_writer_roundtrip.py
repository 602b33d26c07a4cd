"""The canonical writer: reading its output gives back the model (property test over
generated records, and every example record), in both card styles; it is idempotent."""

from __future__ import annotations

import dataclasses
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from napkifu.cards import JOKER, UNKNOWN, Suit
from napkifu.model import (
    AdjutantLine,
    Bid,
    BidsLine,
    CallLine,
    CardRef,
    CardsLine,
    ClaimLine,
    Comment,
    Game,
    HandLine,
    NapoleonLine,
    Play,
    PlayerLine,
    PlayerPoints,
    PlayerRef,
    PlayersLine,
    PointsLine,
    Record,
    ResultLine,
    Round,
    RuleLine,
    RulesLine,
    Statement,
    TagLine,
    TextLine,
    TrickLine,
)
from napkifu.notation import decode, format_record, parse
from napkifu.notation.fullwidth import _NEEDS as _FOLDED
from napkifu.notation.writer import hand_order

EXAMPLES = sorted(
    p
    for p in (Path(__file__).resolve().parent / "examples").glob("*/*.nap")
    if p.parent.name != "faults"
)


def canonical_hands(record: Record) -> Record:
    """The record with every hand in the writer's order (the one thing fmt reorders)."""

    def fix(rnd: Round) -> Round:
        hands = tuple(
            dataclasses.replace(h, cards=tuple(sorted(h.cards, key=lambda c: hand_order(c.card))))
            for h in rnd.hands
        )
        return dataclasses.replace(rnd, hands=hands)

    games = tuple(
        dataclasses.replace(g, rounds=tuple(fix(r) for r in g.rounds)) for g in record.games
    )
    return dataclasses.replace(record, games=games)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
@pytest.mark.parametrize("style", ["unicode", "ascii"])
def test_examples_round_trip(path: Path, style: str) -> None:
    text, _ = decode(path.read_bytes())
    assert text is not None
    record, _ = parse(text)
    out = format_record(record, cards=style)  # type: ignore[arg-type]
    again, diags = parse(out)
    assert diags == []
    assert again == canonical_hands(record)
    assert format_record(again, cards=style) == out  # type: ignore[arg-type]
    if style == "ascii":
        assert not any(s in out for s in "♠♥♦♣")


def test_layout() -> None:
    text = (
        "# top\nplayers Haru Sora Mina Riku Kei\nrule twenty loses\nrules standard\n"
        "round 1\n hand Haru ♣2 JK ♠9 ♠A ? ♥T\n\tbids Haru:pass 13S\n"
        "call ♥J\ndiscard ♣8\n1 Riku: ♠3 ♠5   ♠K ♠A ♠2 # Sora wins\nscore Haru 2 Sora 0 Mina -1\n"
    )
    record, _ = parse(text)
    assert format_record(record) == (
        "# top\n\nplayers Haru Sora Mina Riku Kei\nrules standard\nrule twenty loses\n\n"
        "round 1\n  hand Haru ♠A 9 ♥10 ♣2 JK ?\n  bids Haru:pass 13♠\n  call ♥J\n"
        "  discard ♣8\n  1 Riku: ♠3 ♠5 ♠K ♠A ♠2  # Sora wins\n  score Haru +2 Sora 0 Mina -1\n"
    )
    assert "hand Haru SA 9 H10 C2 JK ?" in format_record(record, cards="ascii")


def test_after_exchange_order_is_kept() -> None:
    text = "players A1 B1 C1 D1\nround 1\nnapoleon A1 13♠\ndiscard ♣2\ncall ♥J\nadjutant B1\n"
    record, _ = parse(text)
    out = format_record(record)
    assert out.index("discard") < out.index("call") < out.index("adjutant")


# ---- generated records ----------------------------------------------------------

_SAFE = st.characters(
    blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="\n\r\x85"
)
_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-.:+", min_size=1, max_size=10)
_BARE_NAMES = ["Haru", "Sora", "Mina_2", "Tomo.K", "ハル", "太郎", "SAM", "Ken-ichi", "_x"]
_ODD_NAMES = ["Taro Y.", "pass", "SA", "Jo", "none", 'a "b" \\c', "12", "round"]
_names = st.sampled_from(_BARE_NAMES + _ODD_NAMES)
_free_text = st.text(_SAFE, max_size=12).map(lambda s: unicodedata.normalize("NFC", s))
_comment_text = _free_text.map(str.rstrip)
# Quoted text is folded as it is read (napkifu.notation.fullwidth: ``！`` is ``!``), so
# a value the reader can give back holds nothing folding may touch (whatever the
# context: ``＃`` alone reads as a comment's start); a comment is not folded.
_quoted_text = _free_text.filter(lambda s: _FOLDED.search(s) is None)
_comments = st.lists(_comment_text.map(Comment), max_size=2).map(tuple)
_suits = st.sampled_from(list(Suit))


@st.composite
def _meta(draw: st.DrawFn, leading: bool = True) -> Statement:
    lead = draw(_comments) if leading else ()
    comment = draw(st.none() | _comment_text)
    return Statement(lead, comment)


def _player(name: str) -> PlayerRef:
    return PlayerRef(name)


_cards_any = st.lists(
    st.integers(0, 51).map(CardRef) | st.sampled_from([CardRef(JOKER), CardRef(UNKNOWN)]),
    min_size=1,
    max_size=12,
).map(tuple)


@st.composite
def _bid(draw: st.DrawFn, named: bool = True) -> Bid:
    player = _player(draw(_names)) if named and draw(st.booleans()) else None
    if draw(st.booleans()):
        return Bid(player, None)
    return Bid(player, draw(st.integers(1, 99)), draw(st.none() | _suits))


@st.composite
def _play(draw: st.DrawFn) -> Play:
    card = draw(st.integers(0, 52))
    joker_suit = draw(st.none() | _suits) if card == JOKER else None
    annotation = draw(st.none() | st.sampled_from(["!", "?", "!!", "??", "!?", "?!"]))
    return Play(card, joker_suit, annotation)


def _points(draw: st.DrawFn) -> PointsLine:
    entries = draw(
        st.lists(
            st.builds(PlayerPoints, _names.map(_player), st.integers(-99, 99)),
            min_size=1,
            max_size=6,
        )
    )
    return PointsLine(tuple(entries), draw(_meta()))


@st.composite
def _round(draw: st.DrawFn, number: int, trailing: bool) -> Round:
    opt = lambda strategy: draw(st.none() | strategy)  # noqa: E731
    hands = draw(st.lists(st.tuples(_names, _cards_any), max_size=3, unique_by=lambda t: t[0]))
    tricks = draw(
        st.lists(
            st.tuples(st.none() | _names, st.lists(_play(), min_size=1, max_size=6)), max_size=3
        )
    )
    return Round(
        number=number,
        meta=draw(_meta()),
        dealer=opt(st.builds(PlayerLine, _names.map(_player), _meta())),
        hands=tuple(
            HandLine(_player(n), tuple(sorted(cs, key=lambda c: hand_order(c.card))), draw(_meta()))
            for n, cs in hands
        ),
        widow=opt(st.builds(CardsLine, _cards_any, _meta())),
        bids=tuple(
            BidsLine(tuple(draw(st.lists(_bid(), min_size=1, max_size=5))), draw(_meta()))
            for _ in range(draw(st.integers(0, 2)))
        ),
        napoleon=opt(st.builds(NapoleonLine, _names.map(_player), _bid(named=False), _meta())),
        call=opt(st.builds(CallLine, st.integers(0, 52).map(CardRef), _meta())),
        adjutant=opt(st.builds(AdjutantLine, st.none() | _names.map(_player), _meta())),
        discard=opt(st.builds(CardsLine, _cards_any, _meta())),
        tricks=tuple(
            TrickLine(i, None if lead is None else _player(lead), tuple(plays), draw(_meta()))
            for i, (lead, plays) in enumerate(tricks, start=1)
        ),
        claim=opt(st.builds(ClaimLine, st.sampled_from(["napoleon", "allies"]), _meta())),
        result=opt(st.builds(ResultLine, st.integers(0, 20), _meta())),
        score=_points(draw) if draw(st.booleans()) else None,
        total=_points(draw) if draw(st.booleans()) else None,
        trailing_comments=draw(_comments) if trailing else (),
    )


@st.composite
def records(draw: st.DrawFn) -> Record:
    n_games = draw(st.integers(1, 2))
    games = []
    for gi in range(1, n_games + 1):
        first = gi == 1
        last = gi == n_games
        n_rounds = draw(st.integers(0, 2))
        meta = lambda first=first: draw(_meta(leading=not first))  # noqa: E731
        game_line = None
        # headers before the first `game` line belong to it: with two games, write it
        if not first or n_games > 1 or draw(st.booleans()):
            game_line = TextLine(draw(st.none() | _quoted_text), meta())
        date = draw(st.none() | st.sampled_from(["2026-11-28", "28/11/2026", ""]))
        games.append(
            Game(
                number=gi,
                game=game_line,
                date=None if date is None else TextLine(date, meta()),
                place=TextLine(draw(_quoted_text), meta()) if draw(st.booleans()) else None,
                tags=tuple(
                    TagLine(draw(_WORD.filter(lambda w: ":" not in w)), draw(_quoted_text), meta())
                    for _ in range(draw(st.integers(0, 2)))
                ),
                players=PlayersLine(
                    tuple(map(_player, draw(st.lists(_names, min_size=1, max_size=6)))), meta()
                )
                if draw(st.booleans())
                else None,
                rules=RulesLine(draw(_WORD), meta()) if draw(st.booleans()) else None,
                rule_lines=tuple(
                    RuleLine(
                        draw(_WORD), tuple(draw(st.lists(_WORD, min_size=1, max_size=3))), meta()
                    )
                    for _ in range(draw(st.integers(0, 2)))
                ),
                rounds=tuple(
                    draw(_round(i, trailing=last and i == n_rounds)) for i in range(1, n_rounds + 1)
                ),
                trailing_comments=draw(_comments) if last and n_rounds == 0 else (),
            )
        )
    for i, g in enumerate(games):  # a game with no line at all cannot be written
        if not (
            g.game
            or g.date
            or g.place
            or g.tags
            or g.players
            or g.rules
            or g.rule_lines
            or g.rounds
        ):
            games[i] = dataclasses.replace(g, game=TextLine(None))
    first = games[0]
    headerless = not (
        first.game
        or first.date
        or first.place
        or first.tags
        or first.players
        or first.rules
        or first.rule_lines
    )
    if headerless and first.rounds:
        # comments above the first line of a file belong to the file, not to round 1
        r1 = first.rounds[0]
        r1 = dataclasses.replace(r1, meta=dataclasses.replace(r1.meta, leading_comments=()))
        games[0] = dataclasses.replace(first, rounds=(r1, *first.rounds[1:]))
    return Record(tuple(games), draw(_comments))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records(), st.sampled_from(["unicode", "ascii"]))
def test_generated_records_round_trip(record: Record, style: str) -> None:
    text = format_record(record, cards=style)  # type: ignore[arg-type]
    again, diags = parse(text)
    assert not [d for d in diags if d.code in ("NAP101", "NAP102")], (text, diags)
    assert again == record, text
    assert format_record(again, cards=style) == text  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records(), st.sampled_from(["unicode", "ascii"]))
def test_fast_path_agrees_with_grammar_on_generated_lines(record: Record, style: str) -> None:
    from test_notation_examples import fast_and_grammar_agree

    fast_and_grammar_agree(format_record(record, cards=style))  # type: ignore[arg-type]
