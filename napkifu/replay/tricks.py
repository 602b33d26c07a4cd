"""Playing the tricks back: who played each card, who won, and whether each card
was legal given what the player held.

Two passes. :func:`seat_tricks` walks the trick lines forward to seat every card
(leader, direction of play, reverse jacks) and resolve every trick by the ladder;
:func:`check_plays` then walks them again with each player's holding — given, or
reconstructed from the cards they play from then on — so every legality question is
a lookup in a handful of ints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from napkifu.cards import JOKER, Card, card_text
from napkifu.model import TrickLine
from napkifu.replay.following import legal_cards, violation
from napkifu.replay.report import Reporter, cards_list, suit_text
from napkifu.rules.build import Rules
from napkifu.rules.ladder import TrickOutcome, lead_suit_of, resolve_trick

_JACK = 9


@dataclass(slots=True)
class SeatedTrick:
    line: TrickLine
    number: int
    leader: int
    seats: list[int]
    cards: list[int]
    lead_suit: int | None
    outcome: TrickOutcome
    winner: int  # seat
    reversed_after: bool
    honors: tuple[int, ...]


def seat_tricks(
    rules: Rules,
    players: Sequence[str],
    lines: Sequence[TrickLine],
    first_leader: int,
    trump: int | None,
    rep: Reporter,
) -> list[SeatedTrick]:
    """Seat and resolve every trick; report NAP501, NAP502, NAP203 and NAP507 (joker
    suit). ``first_leader`` is Napoleon's seat."""
    n = len(players)
    seat_of = {p: i for i, p in enumerate(players)}
    out: list[SeatedTrick] = []
    leader = first_leader
    step = 1
    total = rules.tricks
    honor_set = rules.honor_cards
    for line in lines:
        rep.trick = line.number
        if line.leader is not None and line.leader.name in seat_of:
            written = seat_of[line.leader.name]
            if written != leader:
                rep.add(
                    "NAP501",
                    line.leader.span,
                    f"{players[written]} leads, but {players[leader]} should "
                    + ("(Napoleon leads trick 1)" if not out else f"(won trick {out[-1].number})"),
                    f"{players[written]} がリードしているが、{players[leader]} の番",
                )
                # Seat by the rules, not the wrong name: the cards are most likely
                # written in the order played, and this keeps one slip from
                # cascading through every later trick.
        plays = line.plays
        if len(plays) != n:
            rep.add(
                "NAP502",
                line.meta.span,
                f"{len(plays)} cards in the trick, expected {n}",
                f"トリックのカードが {len(plays)} 枚（{n} 枚のはず）",
            )
            plays = plays[:n]
        cards = [p.card for p in plays]
        seats = [(leader + step * i) % n for i in range(len(cards))]
        for i, p in enumerate(plays if JOKER in cards else ()):  # only a joker names a suit
            if p.card == JOKER and rules.jokers == 0:
                rep.add(
                    "NAP203",
                    p.span,
                    "a joker is not in this deck (rule jokers 0)",
                    "このデッキにジョーカーはない（jokers 0）",
                )
            if p.joker_suit is not None and (
                i != 0 or p.card != JOKER or rules.joker_lead != "suit"
            ):
                rep.add(
                    "NAP507",
                    p.span,
                    "a suit may be named only by a led joker under rule joker-lead suit",
                    "スート指定はリードしたジョーカー（joker-lead suit）だけ",
                )
        if (
            cards
            and cards[0] == JOKER
            and rules.joker_lead == "suit"
            and plays[0].joker_suit is None
        ):
            rep.add(
                "NAP507",
                plays[0].span,
                f"{players[leader]} leads the joker without naming a suit (write JK>♥)",
                f"{players[leader]} がスートを指定せずにジョーカーをリードした（JK>♥ と書く）",
            )
        lead_suit = lead_suit_of(rules, cards[0], plays[0].joker_suit, trump) if cards else None
        outcome = resolve_trick(rules, cards, lead_suit, trump, line.number, line.number == total)
        winner = seats[outcome.winner] if seats else leader
        if rules.reverse_jack:
            for c in cards:
                if reverses(rules, c, trump):
                    step = -step
        honors = tuple(c for c in cards if c in honor_set)
        out.append(
            SeatedTrick(
                line,
                line.number,
                leader,
                seats,
                cards,
                lead_suit,
                outcome,
                winner,
                step == -1,
                honors,
            )
        )
        leader = winner
    rep.trick = None
    return out


_PARTNER = {0: 3, 3: 0, 1: 2, 2: 1}


def reverses(rules: Rules, card: Card, trump: int | None) -> bool:
    """Whether ``card`` turns the direction of play (``reverse-jack on``): a J that is
    neither the trump-jack nor the back-jack (in no-trump: any J)."""
    if not rules.reverse_jack or card >= JOKER or card % 13 != _JACK:
        return False
    return trump is None or card // 13 not in (trump, _PARTNER[trump])


@dataclass(slots=True)
class PlayCheck:
    holdings_before: list[dict[str, tuple[int, ...]]]
    legal: list[dict[str, tuple[int, ...]]]


def check_plays(
    rules: Rules,
    players: Sequence[str],
    tricks: Sequence[SeatedTrick],
    holdings: dict[int, list[int]],
    trump: int | None,
    napoleon: int | None,
    discards: Sequence[int],
    rep: Reporter,
    owners: Mapping[int, int] | None = None,
) -> PlayCheck:
    """Check every play against the holding before it (NAP503–NAP507).

    ``holdings`` maps each seat to the cards it holds at trick 1 (consumed here);
    ``owners`` maps the cards of the given ``hand`` lines to their seats."""
    for h in holdings.values():
        h.sort()  # kept sorted: removing a card keeps the order, so no sort per trick
    gone: dict[int, int] = {}  # card → times played so far
    discarded = {c for c in discards if c < JOKER}
    jokers = rules.jokers
    before_all: list[dict[str, tuple[int, ...]]] = []
    legal_all: list[dict[str, tuple[int, ...]]] = []
    for t in tricks:
        before_all.append({players[s]: tuple(h) for s, h in holdings.items()})
        legal: dict[str, tuple[int, ...]] = {}
        played: list[int] = []
        lead_suit = t.lead_suit
        for i, s in enumerate(t.seats):
            c = t.cards[i]
            name = players[s]
            seen = gone.get(c, 0)
            if (seen >= (jokers if c == JOKER else 1) and (c != JOKER or jokers)) or (
                c in discarded
            ):
                why = "it was discarded" if c in discarded else "it was played earlier"
                rep.add(
                    "NAP503",
                    t.line.plays[i].span,
                    f"{name} plays {card_text(c)}, but {why}",
                    f"{name} が {card_text(c)} を出したが、そのカードは"
                    + ("捨て札にある" if c in discarded else "既に出ている"),
                    t.number,
                )
            elif owners and owners.get(c, s) != s:
                other = players[owners[c]]
                rep.add(
                    "NAP503",
                    t.line.plays[i].span,
                    f"{name} plays {card_text(c)}, but it is in {other}'s given hand",
                    f"{name} が {card_text(c)} を出したが、そのカードは {other} の手札にある",
                    t.number,
                )
            gone[c] = seen + 1
            hold = holdings[s]
            opening = i == 0 and t.number == 1 and s == napoleon
            ok = legal_cards(rules, hold, played, lead_suit, trump, opening)
            legal[name] = ok
            if c in hold:
                if c not in ok:
                    v = violation(rules, hold, played, lead_suit, trump, c, opening)
                    if v is not None:
                        _report(rep, v, name, s, c, t, tricks, t.line.plays[i].span)
                hold.remove(c)
            played.append(c)
        legal_all.append(legal)
    return PlayCheck(before_all, legal_all)


def _played_in(tricks: Sequence[SeatedTrick], seat: int, card: int, after: int) -> int | None:
    for t in tricks:
        if t.number > after:
            for s, c in zip(t.seats, t.cards, strict=False):
                if s == seat and c == card:
                    return t.number
    return None


def _report(
    rep: Reporter,
    v: tuple[str, tuple[int, ...]],
    name: str,
    seat: int,
    card: int,
    t: SeatedTrick,
    tricks: Sequence[SeatedTrick],
    span: object,
) -> None:
    """Say which rule ``card`` broke and prove it by the cards held instead (and the
    trick where the player plays them, which is how a reconstructed holding knows)."""
    code, proof = v
    shown = [c for c in proof if c != card][:3]
    found = [(c, _played_in(tricks, seat, c, t.number)) for c in shown]
    later = [f"{card_text(c)} in trick {k}" for c, k in found if k is not None]
    tail = f" (played later: {', '.join(later)})" if later else ""
    tail_ja = "（後で出している: " + "、".join(later) + "）" if later else ""
    held = cards_list(shown)
    lead = suit_text(t.lead_suit)
    if code == "NAP506":
        en = f"{name} played {card_text(card)} on a ♣3 joker request while holding the joker"
        ja = f"{name} は ♣3 のジョーカー請求にジョーカーを持ちながら {card_text(card)} を出した"
    elif code == "NAP505":
        en = (
            f"{name} played {card_text(card)} on a joker trump request ({lead} trumps) "
            f"while holding {held}"
        )
        ja = f"{name} はジョーカーの切り札請求（{lead}）に {held} を持ちながら {card_text(card)} を出した"
    elif code == "NAP507":
        en = (
            f"{name} leads trick 1 with {card_text(card)} although holding {held} "
            "(rule opening-lead restricted: no trump, spade or joker lead)"
        )
        ja = f"{name} は {held} を持ちながら初手に {card_text(card)} をリードした（opening-lead restricted）"
    else:
        en = f"{name} played {card_text(card)} on a {lead} lead while holding {held}"
        ja = f"{name} は {lead} のリードに {held} を持ちながら {card_text(card)} を出した"
    rep.add(code, span, en + tail, ja + tail_ja, t.number)  # type: ignore[arg-type]
