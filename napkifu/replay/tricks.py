"""Playing the tricks back: who played each card, who won, and whether each card
was legal given what the player held.

Two passes. :func:`seat_tricks` walks the trick lines forward to seat every card
(leader, direction of play, reverse jacks) and resolve every trick by the ladder;
:func:`check_plays` then walks them again with each player's holding — given, or
reconstructed from the cards they play from then on — so every legality question is
a lookup in a handful of ints.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from napkifu.cards import JOKER, Card
from napkifu.i18n import count
from napkifu.model import TrickLine
from napkifu.replay.report import Reporter
from napkifu.rules.build import Rules
from napkifu.rules.ladder import lead_suit_of, resolve_trick, trick_resolver
from napkifu.rules.outcome import TrickOutcome

_JACK = 9


@dataclass(slots=True)
class SeatedTrick:
    line: TrickLine
    number: int
    leader: int
    seats: tuple[int, ...]
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
    owners: Mapping[int, int] | None = None,
    lost: Sequence[int] = (),
) -> list[SeatedTrick]:
    """Seat and resolve every trick; report NAP501, NAP502, NAP203 and NAP507 (joker
    suit). ``first_leader`` is Napoleon's seat; ``owners`` maps the cards of the given
    ``hand`` lines to their seats (it settles a disputed leader).

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
    honor_set = rules.honor_cards
    resolve = trick_resolver(rules, trump)
    orders = seat_orders(rules, n)
    prev_line = 0
    lost_seating = False
    for k, line in enumerate(lines):
        rep.trick = line.number
        here = line.meta.span.line
        gap = bool(lost) and line.number != 1 and any(prev_line < x < here for x in lost)
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
        plays = line.plays
        if len(plays) != n:
            rep.add(
                "NAP502",
                line.meta.span,
                f"{count(len(plays), 'card')} in the trick, expected {n}",
                f"トリックのカードが {len(plays)} 枚（{n} 枚のはず）",
            )
            plays = plays[:n]
        cards = [p.card for p in plays]
        seats = orders[leader, step][: len(cards)] if n else ()
        # Only a joker can carry a `>♥` suffix: the grammar rejects it on any other card.
        for i, p in enumerate(plays if JOKER in cards else ()):
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
        outcome = resolve(cards, lead_suit, line.number, line.number == total)
        winner = seats[outcome.winner] if seats else leader
        if rules.reverse_jack:
            for c in cards:
                if reverses(rules, c, trump):
                    step = -step
        honors = honors_in(cards, honor_set)
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


def honors_in(cards: Sequence[int], honor_cards: Collection[int]) -> tuple[int, ...]:
    """The honors among a trick's cards, in the order played (what its winner takes)."""
    return tuple([c for c in cards if c in honor_cards])


def honor_count(cards: Sequence[int], honor_cards: Collection[int]) -> int:
    """How many of ``cards`` are honors (a trick's, or the discards): a count, for
    the express lane, which needs no more (compiled, a loop: no tuple, no set)."""
    count = 0
    for c in cards:
        if c in honor_cards:
            count += 1
    return count


def seat_orders(rules: Rules, n: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """The seats of a trick in playing order, by (leader, direction), for ``n`` seats."""
    got = rules.cache.get(("seat-orders", n))
    if got is None:
        got = rules.cache[("seat-orders", n)] = {
            (first, d): tuple((first + d * i) % n for i in range(n))
            for first in range(n)
            for d in (1, -1)
        }
    return got  # type: ignore[return-value]


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
    owners: Mapping[int, int] | None,
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
    cards = [p.card for p in line.plays[:n]]

    def fit(leader: int) -> tuple[int, int]:
        seats = [(leader + step * i) % n for i in range(len(cards))]
        owned = sum(
            1 for s, c in zip(seats, cards, strict=True) if owners and owners.get(c, s) == s
        )
        nxt = lines[k + 1].leader if k + 1 < len(lines) else None
        if not cards or nxt is None or nxt.name not in seat_of:
            return owned, 0
        lead_suit = lead_suit_of(rules, cards[0], line.plays[0].joker_suit, trump)
        last = line.number == rules.tricks
        won = resolve_trick(rules, cards, lead_suit, trump, line.number, last).winner
        return owned, int(seats[won] == seat_of[nxt.name])

    return written if fit(written) > fit(computed) else computed


_PARTNER = {0: 3, 3: 0, 1: 2, 2: 1}


def reverses(rules: Rules, card: Card, trump: int | None) -> bool:
    """Whether ``card`` turns the direction of play (``reverse-jack on``): a J that is
    neither the trump-jack nor the back-jack (in no-trump: any J)."""
    if not rules.reverse_jack or card >= JOKER or card % 13 != _JACK:
        return False
    return trump is None or card // 13 not in (trump, _PARTNER[trump])
