"""Turn simulated rounds into the record model, so that the notation writer (the same
one ``napkifu fmt`` uses) writes them: a simulated record is already in canonical
layout, and ``fmt`` leaves it unchanged."""

from __future__ import annotations

from dataclasses import dataclass, field

from napkifu.cards import Card, Suit
from napkifu.model import (
    AdjutantLine,
    Bid,
    BidsLine,
    CallLine,
    CardRef,
    CardsLine,
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
    ResultLine,
    Round,
    RuleLine,
    RulesLine,
    Statement,
    TagLine,
    TextLine,
    TrickLine,
)


@dataclass(slots=True)
class RoundOutcome:
    """Everything that happened in one simulated round."""

    number: int
    dealer: str
    hands: dict[str, list[Card]]
    widow: list[Card]
    bids: list[tuple[str, int | None, Suit | None]]
    napoleon: str | None = None
    count: int | None = None
    trump: Suit | None = None
    called: Card | None = None
    adjutant: str | None = None  # None: alone (or 3 players)
    discard: list[Card] = field(default_factory=list)
    tricks: list[tuple[str, list[Play]]] = field(default_factory=list)
    result: int | None = None
    scores: dict[str, int] | None = None

    @property
    def is_redeal(self) -> bool:
        return self.napoleon is None


@dataclass(frozen=True, slots=True)
class EmitOptions:
    score_sheet: bool = False  # no tricks, no discards: what a club's score sheet holds
    deal: bool = False  # write the dealt hands and the widow


def _cards(cards: list[Card]) -> tuple[CardRef, ...]:
    from napkifu.notation.writer import hand_order

    return tuple(CardRef(c) for c in sorted(cards, key=hand_order))


def _points(values: dict[str, int], seats: tuple[str, ...]) -> PointsLine:
    return PointsLine(tuple(PlayerPoints(PlayerRef(p), values[p]) for p in seats))


def round_model(
    o: RoundOutcome,
    seats: tuple[str, ...],
    totals: dict[str, int] | None,
    opts: EmitOptions,
    three_players: bool,
) -> Round:
    """The ``round`` block of one outcome."""
    bids = (BidsLine(tuple(Bid(PlayerRef(p), n, s) for p, n, s in o.bids)),)
    hands: tuple[HandLine, ...] = ()
    widow = None
    if opts.deal and not opts.score_sheet:
        hands = tuple(HandLine(PlayerRef(p), _cards(o.hands[p])) for p in seats)
        widow = CardsLine(_cards(o.widow))
    if o.is_redeal:
        return Round(
            o.number, dealer=PlayerLine(PlayerRef(o.dealer)), hands=hands, widow=widow, bids=bids
        )
    assert o.napoleon is not None
    napoleon = NapoleonLine(PlayerRef(o.napoleon), Bid(None, o.count, o.trump))
    call = CallLine(CardRef(o.called)) if o.called is not None else None
    adjutant = None
    if not three_players:
        adjutant = AdjutantLine(PlayerRef(o.adjutant) if o.adjutant else None)
    score = _points(o.scores, seats) if o.scores is not None else None
    total = _points(totals, seats) if totals is not None else None
    result = ResultLine(o.result) if o.result is not None else None
    if opts.score_sheet:
        return Round(
            o.number,
            napoleon=napoleon,
            call=call,
            adjutant=adjutant,
            result=result,
            score=score,
            total=total,
        )
    tricks = tuple(
        TrickLine(i, PlayerRef(leader), tuple(plays))
        for i, (leader, plays) in enumerate(o.tricks, 1)
    )
    return Round(
        o.number,
        dealer=PlayerLine(PlayerRef(o.dealer)),
        hands=hands,
        widow=widow,
        bids=bids,
        napoleon=napoleon,
        call=call,
        adjutant=adjutant,
        discard=CardsLine(_cards(o.discard)),
        tricks=tricks,
        result=result,
        score=score,
        total=total,
    )


def game_model(
    number: int,
    title: str,
    seats: tuple[str, ...],
    preset: str,
    overrides: list[tuple[str, str]],
    rounds: list[Round],
    seed: int,
    comment: str | None = None,
) -> Game:
    """A game header (title, players, rules, a tag recording the seed) and its rounds."""
    leading = (Comment(f" {comment}"),) if comment else ()
    return Game(
        number,
        game=TextLine(title, Statement(leading_comments=leading)),
        tags=(TagLine("generator", f"napkifu simulate --seed {seed}"),),
        players=PlayersLine(tuple(PlayerRef(p) for p in seats)),
        rules=RulesLine(preset),
        rule_lines=tuple(RuleLine(k, tuple(v.split())) for k, v in overrides),
        rounds=tuple(rounds),
    )
