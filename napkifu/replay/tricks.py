"""Playing the tricks back: who played each card, who won, and whether each card
was legal given what the player held.

Two passes. :func:`seat_tricks` walks the trick lines forward to seat every card
(leader, direction of play, reverse jacks) and resolve every trick by the ladder;
:func:`check_plays` then walks them again with each player's holding — given, or
reconstructed from the cards they play from then on — so every legality question is
a lookup in a handful of ints.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter

from napkifu.cards import JOKER, Card, Suit, card_text
from napkifu.i18n import count
from napkifu.model import TrickLine
from napkifu.replay.report import Reporter, cards_list
from napkifu.rules.build import Rules
from napkifu.rules.ladder import NO_RANK, Rank, outcome_of, ranker
from napkifu.rules.leads import lead_suit_of, lead_suits
from napkifu.rules.outcome import TrickOutcome

_JACK = 9
blank = object.__new__  # (a SeatedTrick without its __init__: seat_tricks sets each field)


@dataclass(slots=True)
class SeatedTrick:
    """A trick line placed at the table: the seats that played, the ladder's verdict and
    its winner, before it is judged."""

    line: TrickLine
    number: int
    leader: int
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    lead_suit: int | None
    ranked: Rank  # the ladder's verdict, spelled out by :attr:`outcome`
    winner: int  # seat
    reversed_after: bool
    honors: tuple[int, ...]

    @property
    def outcome(self) -> TrickOutcome:
        """What the ladder says of the trick, with every card's class: built only
        for the judged tricks (``check`` needs the winner alone)."""
        return outcome_of(self.cards, self.ranked)


def seat_tricks(
    rules: Rules,
    players: Sequence[str],
    lines: Sequence[TrickLine],
    first_leader: int,
    trump: int | None,
    rep: Reporter,
    owners: Sequence[int | None] | None = None,
    lost: Sequence[int] = (),
) -> list[SeatedTrick]:
    """Seat and resolve every trick; report NAP501, NAP502, NAP203 and NAP507 (joker
    suit). ``first_leader`` is Napoleon's seat; ``owners`` gives, by card, the seat
    whose given ``hand`` line holds it, None for a card in none (it settles a disputed
    leader; a list indexed by card, so a card's owner is a subscript, not a look-up).

    ``lost`` holds the round's lines the grammar rejected. A trick after such a gap
    may follow a lost trick, so who leads it is unknown: it is seated from its written
    leader (without NAP501), and when none is written it and the tricks after it are
    not judged until a written leader gives the seating back — guessing would blame
    players for cards that are not theirs."""
    n = len(players)
    seat_of = {p: i for i, p in enumerate(players)}
    out: list[SeatedTrick] = []
    leader = first_leader
    step = 1
    total = rules.tricks
    is_honor = rules.honor_cards.__contains__  # (honors_in, its bound test made once)
    rank = ranker(rules, trump).rank
    orders = seat_orders(n)
    rows = seat_rows(n)
    turning = turning_cards(rules, trump)  # (empty without reverse-jack)
    leads = lead_suits(rules, trump)
    prev_line, lost_seating = 0, False
    for k, line in enumerate(lines):
        rep.trick = number = line.number  # (a line re-seated below keeps its number)
        gap = False
        if lost:
            here = line.meta.span.line
            gap = number != 1 and any(prev_line < x < here for x in lost)
            prev_line = here
        ref = line.leader
        named = ref is not None and ref.name in seat_of
        if gap or lost_seating:
            # under reverse-jack a lost trick may also have turned the direction
            lost_seating = ref is None or not named or bool(rules.reverse_jack and lost)
            if ref is None or lost_seating:
                continue
            leader = seat_of[ref.name]
        elif ref is not None and named:
            written = seat_of[ref.name]
            if written != leader:
                rep.add(
                    "NAP501",
                    ref.span,
                    f"{players[written]} leads, but {players[leader]} should "
                    + ("(Napoleon leads trick 1)" if not out else f"(won trick {out[-1].number})"),
                    f"{players[written]} がリードしているが、{players[leader]} の番",
                )
                leader = _disputed_leader(
                    rules, lines, k, written, leader, step, n, trump, seat_of, owners
                )
        cards = line.cards
        if len(cards) > n:
            cards = cards[:n]
        order = rows[step][leader] if n else ()
        if owners is not None and not (gap or lost_seating):
            fixed = _seat_order(players, line, order, orders, owners, out, rep)
            if fixed is not None:
                line = fixed
                cards = line.cards
        seats = order if len(cards) == n else order[: len(cards)]
        if cards:
            lead_suit = leads[cards[0]]  # (no suit named: the round's table of lead_suit_of)
            if JOKER in cards:  # (the plays themselves are made only for a trick with a joker)
                named_suit = _check_jokers(rules, players[leader], line, n, rep)
                lead_suit = lead_suit_of(rules, cards[0], named_suit, trump)
            ranked = rank(cards, lead_suit, number, number == total)
            winner = seats[ranked[0]]
        else:
            lead_suit, ranked, winner = None, NO_RANK, leader
        if turning and not turning.isdisjoint(cards):  # (most tricks: no turning J)
            for c in cards:
                if c in turning:
                    step = -step
        # every field set here, as its __init__ would (no Python-level call a trick)
        t = blank(SeatedTrick)
        t.line, t.number, t.leader, t.seats, t.cards = line, number, leader, seats, cards
        t.lead_suit, t.ranked, t.winner = lead_suit, ranked, winner
        t.reversed_after, t.honors = step == -1, tuple(filter(is_honor, cards))
        out.append(t)
        leader = winner
    rep.trick = None
    return out


def _check_jokers(rules: Rules, leader: str, line: TrickLine, n: int, rep: Reporter) -> Suit | None:
    """NAP203 (a joker not in the deck) and NAP507 (a joker's suit named or not as
    ``joker-lead`` wants) for a trick with a joker in it; the suit a led joker names.
    Only a joker can carry a `>♥` suffix: the grammar rejects it on any other card."""
    plays = line.plays[:n]
    for i, p in enumerate(plays):
        if p.card == JOKER and rules.jokers == 0:
            rep.add(
                "NAP203",
                p.span,
                "a joker is not in this deck (rule jokers 0)",
                "このデッキにジョーカーはありません（`jokers 0`）",
            )
        if p.joker_suit is not None and (i != 0 or p.card != JOKER or rules.joker_lead != "suit"):
            rep.add(
                "NAP507",
                p.span,
                "a suit may be named only by a led joker under rule joker-lead suit",
                "スートを指定できるのはリードしたジョーカーだけです（`joker-lead suit`）",
            )
    lead = plays[0]
    if lead.card == JOKER and rules.joker_lead == "suit" and lead.joker_suit is None:
        rep.add(
            "NAP507",
            lead.span,
            f"{leader} leads the joker without naming a suit (write JK>♥)",
            f"{leader} がスートを指定せずにジョーカーをリードした（JK>♥ と書く）",
        )
    return lead.joker_suit if lead.card >= JOKER else None


def split_unknown_tricks(
    rules: Rules, n: int, lines: Sequence[TrickLine], rep: Reporter
) -> tuple[list[TrickLine], list[int]]:
    """The trick lines that can be seated, and the lines of the unknown tricks.

    A trick with too many or too few cards, or beyond the last trick, is reported
    once (NAP502) and is then unknown: who played which of its cards, and so who won
    it, cannot be told, and nothing is proven from it (NOTATION.md v1.1 §3). It is
    seated like a line lost to a syntax error: the next trick is seated from its
    written leader, and the written result stands."""
    last = rules.tricks
    for line in lines:  # (the common case, every trick readable, first: no generator)
        if len(line.cards) != n or line.number > last:
            break
    else:
        return list(lines), []
    readable: list[TrickLine] = []
    unknown: list[int] = []
    played: dict[int, int] = {}  # card → times written in a trick line so far
    for line in lines:
        k = len(line.plays)
        known = k == n and line.number <= rules.tricks
        for p in line.plays:
            seen = played.get(p.card, 0)
            played[p.card] = seen + 1
            if not known and seen >= (rules.jokers if p.card == JOKER else 1):
                # whoever played it, a card cannot be played twice
                rep.add(
                    "NAP503",
                    p.span,
                    f"{card_text(p.card)} is played, but it was played earlier",
                    f"{card_text(p.card)} が出ているが、そのカードは既に出ている",
                    line.number,
                )
        if k != n:
            rep.add(
                "NAP502",
                line.meta.span,
                f"{count(k, 'card')} in the trick, expected {n}; the trick is not judged",
                f"トリックのカードが {k} 枚（{n} 枚のはず）。このトリックは判定しない",
                trick=line.number,
            )
        elif line.number > rules.tricks:
            rep.add(
                "NAP502",
                line.meta.span,
                f"trick {line.number} is more than the {rules.tricks} tricks of a hand",
                f"第{line.number}トリックは手札の枚数（{rules.tricks}）を超えている",
                trick=line.number,
            )
        else:
            readable.append(line)
            continue
        unknown.append(line.meta.span.line)
    return readable, unknown


def _seat_order(
    players: Sequence[str],
    line: TrickLine,
    seats: tuple[int, ...],
    orders: Mapping[tuple[int, int], tuple[int, ...]],
    owners: Sequence[int | None],
    earlier: Sequence[SeatedTrick],
    rep: Reporter,
) -> TrickLine | None:
    """The trick line in playing order, when its cards fit the given hands only if
    read in seat order from another player (or reversed): reported once, at the
    line, with the order the cards were played in (NOTATION.md v1.1 §3).

    A card played in an ``earlier`` trick says nothing of who holds it now: a line
    holding one is a slip already (NAP503), and a re-seating it happened to fit
    would blame the trick's other players for it."""
    cards = line.cards
    for c, s in zip(cards, seats, strict=False):
        o = owners[c]
        if o is not None and o != s:
            break
    else:
        return None  # (the common case: the given hands agree with the seating)
    if any(c != JOKER and c in t.cards for t in earlier for c in cards):
        return None
    owned = [owners[c] for c in cards]
    if len(cards) != len(seats) or sum(o is not None for o in owned) < len(cards) - 1:
        return None
    if all(o is None or o == s for o, s in zip(owned, seats, strict=True)):
        return None
    for (first, step), order in orders.items():
        if all(o is None or o == s for o, s in zip(owned, order, strict=True)):
            by_seat = dict(zip(order, line.plays, strict=True))
            plays = tuple(by_seat[s] for s in seats)
            text = cards_list([p.card for p in plays])
            how = "seat order" if step == 1 else "reverse seat order"
            how_ja = "席順" if step == 1 else "逆の席順"
            rep.add(
                "NAP501",
                line.meta.span,
                f"the cards look written in {how} from {players[first]}: "
                f"in the order played, from {players[seats[0]]}, they are {text}",
                f"カードが {players[first]} からの{how_ja}で書かれているようだ: "
                f"{players[seats[0]]} から出した順では {text}",
                line.number,
            )
            return dataclasses.replace(line, plays=plays)
    return None


def honors_in(cards: Sequence[int], honor_cards: Collection[int]) -> tuple[int, ...]:
    """The honors among a trick's cards, in the order played (what its winner takes)."""
    return tuple(filter(honor_cards.__contains__, cards))


def seat_orders(n: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """The seats of a trick in playing order, by (leader, direction), for ``n`` seats
    (the same for every rules: kept by ``n``)."""
    got = _SEAT_ORDERS.get(n)
    if got is None:
        got = _SEAT_ORDERS[n] = {
            (first, d): tuple((first + d * i) % n for i in range(n))
            for first in range(n)
            for d in (1, -1)
        }
    return got


def seat_rows(n: int) -> dict[int, tuple[tuple[int, ...], ...]]:
    """:func:`seat_orders` by direction, then leader: ``seat_rows(n)[step][leader]`` (a
    trick asks an int key and an index, not a tuple key hashed)."""
    got = _SEAT_ROWS.get(n)
    if got is None:
        orders = seat_orders(n)
        got = _SEAT_ROWS[n] = {d: tuple(orders[f, d] for f in range(n)) for d in (1, -1)}
    return got


def by_seat_getters(n: int) -> dict[tuple[int, ...], Callable[[Sequence[int]], tuple[int, ...]]]:
    """For each playing order of :func:`seat_orders`, what turns a full trick's cards
    (in that order) into the cards by seat: the seat's card at its index."""
    got = _BY_SEAT.get(n)
    if got is None:
        got = _BY_SEAT[n] = {
            order: itemgetter(*sorted(range(n), key=order.__getitem__))
            for order in seat_orders(n).values()
        }
    return got


_SEAT_ORDERS: dict[int, dict[tuple[int, int], tuple[int, ...]]] = {}
_SEAT_ROWS: dict[int, dict[int, tuple[tuple[int, ...], ...]]] = {}
_BY_SEAT: dict[int, dict[tuple[int, ...], Callable[[Sequence[int]], tuple[int, ...]]]] = {}


def _disputed_leader(
    rules: Rules,
    lines: Sequence[TrickLine],
    k: int,
    written: int,
    computed: int,
    step: int,
    n: int,
    trump: int | None,
    seat_of: Mapping[str, int],
    owners: Sequence[int | None] | None,
) -> int:
    """Who to seat trick ``lines[k]`` from when its written leader is not the computed one.

    Either the leader's name is a slip (the cards are in playing order from the
    computed leader) or an earlier card is wrong, changing who won (the name is right).
    Holdings are inferred from later play, so the wrong choice moves cards between
    players and reports faults that are not there — even in earlier tricks. The record
    decides: the seating under which the given hands own the cards, else the one whose
    winner leads the next trick as written. When nothing tells them apart (the last
    trick, or no later leader written) the computed leader: the slip of a name is the
    commoner fault, and a changed winner shows itself at the next written leader."""
    line = lines[k]
    cards = list(line.cards[:n])

    def fit(leader: int) -> tuple[int, int]:
        seats = [(leader + step * i) % n for i in range(len(cards))]
        owned = sum(
            1
            for s, c in zip(seats, cards, strict=True)
            if owners is not None and owners[c] in (None, s)
        )
        nxt = lines[k + 1].leader if k + 1 < len(lines) else None
        if not cards or nxt is None or nxt.name not in seat_of:
            return owned, 0
        lead_suit = lead_suit_of(rules, cards[0], line.plays[0].joker_suit, trump)
        last = line.number == rules.tricks
        won = ranker(rules, trump).resolve(cards, lead_suit, line.number, last).winner
        return owned, int(seats[won] == seat_of[nxt.name])

    return written if fit(written) > fit(computed) else computed


_PARTNER = {0: 3, 3: 0, 1: 2, 2: 1}


def reverses(rules: Rules, card: Card, trump: int | None) -> bool:
    """Whether ``card`` turns the direction of play (``reverse-jack on``): a J that is
    neither the trump-jack nor the back-jack (in no-trump: any J)."""
    if not rules.reverse_jack or card >= JOKER or card % 13 != _JACK:
        return False
    return trump is None or card // 13 not in (trump, _PARTNER[trump])


def turning_cards(rules: Rules, trump: int | None) -> frozenset[Card]:
    """The cards of the deck that :func:`reverses` says turn the direction, asked once
    a round (a trick then asks the set, not a call a card). Kept by the one fact of
    ``rules`` :func:`reverses` reads (``reverse_jack``) and the trump: a few sets for
    every rules object; a fact read there must be in the key here."""
    key = (rules.reverse_jack, trump)
    got = _TURNING.get(key)
    if got is None:
        got = _TURNING[key] = frozenset(c for c in range(JOKER) if reverses(rules, c, trump))
    return got


_TURNING: dict[tuple[bool, int | None], frozenset[Card]] = {}
