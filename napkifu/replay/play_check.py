"""Checking every play against what the player held (NAP503–NAP507).

The second pass over the seated tricks (:mod:`napkifu.replay.tricks`): each player's
holding is given, or reconstructed from the cards they play from then on, so every
legality question is a lookup in a handful of ints. A trick's plainly legal cards
are told by one call (:func:`doubtful_turns`); only a possible fault computes the
legal set, whose cards not played are the proof in the message.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from napkifu.cards import JOKER, UNKNOWN, Card, card_text
from napkifu.replay.following import doubtful_turns, legal_cards, violation
from napkifu.replay.report import Reporter, cards_list, suit_text
from napkifu.replay.tricks import SeatedTrick
from napkifu.rules.build import Rules


@dataclass(slots=True)
class PlayCheck:
    """What the play check leaves for the judged tricks: each seat's holding at trick
    1 (sorted) and, per trick, which of its cards left the player's holding (bit i:
    the trick's i-th card; a card the player did not hold leaves nothing). The
    holdings before each trick and the legal cards at each turn are replayed from
    these for the judged tricks (:class:`LegalAtTurn`: legal cards when first read)."""

    start: dict[int, tuple[int, ...]]
    taken: list[int]
    napoleon: int | None  # seat: whose lead of trick 1 is the opening lead

    def holdings_before(
        self, players: Sequence[str], tricks: Sequence[SeatedTrick]
    ) -> tuple[dict[str, tuple[int, ...]], ...]:
        hold = {s: list(h) for s, h in self.start.items()}
        out = []
        for t, mask in zip(tricks, self.taken, strict=True):
            out.append({players[s]: tuple(h) for s, h in hold.items()})
            for i, s in enumerate(t.seats):
                if mask >> i & 1:
                    hold[s].remove(t.cards[i])
        return tuple(out)

    def legal(
        self,
        rules: Rules,
        players: Sequence[str],
        t: SeatedTrick,
        trump: int | None,
        before: Mapping[str, tuple[int, ...]],
    ) -> LegalAtTurn:
        opening = t.number == 1 and bool(t.seats) and t.seats[0] == self.napoleon
        names = [players[s] for s in t.seats]
        return LegalAtTurn(rules, names, t.cards, t.lead_suit, trump, opening, before)


def check_plays(
    rules: Rules,
    players: Sequence[str],
    tricks: Sequence[SeatedTrick],
    holdings: dict[int, list[int]],
    trump: int | None,
    napoleon: int | None,
    discards: Sequence[int],
    rep: Reporter,
    owners: Sequence[int | None] | None = None,
) -> PlayCheck:
    """Check every play against the holding before it (NAP503–NAP507).

    ``holdings`` maps each seat to the cards it holds at trick 1 (consumed here);
    ``owners`` gives, by card, the seat whose given ``hand`` line holds it (None: none)."""
    for h in holdings.values():
        h.sort()  # kept sorted: removing a card keeps the order, so no sort per trick
    start = {s: tuple(h) for s, h in holdings.items()}
    taken: list[int] = []
    gone = [0] * (UNKNOWN + 1)  # card → times played so far; _DISCARDED more when discarded
    for c in discards:
        if c < JOKER:
            gone[c] = _DISCARDED
    holds = [holdings[s] for s in range(len(holdings))]
    jokers = rules.jokers
    for t in tricks:
        lead_suit = t.lead_suit
        cards = t.cards
        seats = t.seats
        opening = t.number == 1 and bool(seats) and seats[0] == napoleon
        # (the turns to judge, told from the holdings before the trick: bit i, cards[i])
        doubt = doubtful_turns(rules, holds, seats, cards, lead_suit, trump, opening)
        mask = (1 << len(seats)) - 1  # (a bit is cleared for a card its player did not hold)
        for i, s in enumerate(seats):
            c = cards[i]
            seen = gone[c]
            if seen and (c != JOKER or 0 < jokers <= seen):  # (a discarded card: seen is big)
                name = players[s]
                thrown = seen >= _DISCARDED
                why = "it was discarded" if thrown else "it was played earlier"
                rep.add(
                    "NAP503",
                    t.line.plays[i].span,
                    f"{name} plays {card_text(c)}, but {why}",
                    f"{name} が {card_text(c)} を出しましたが、そのカードは"
                    + ("捨て札にあります" if thrown else "既に出ています"),
                    t.number,
                )
            elif owners is not None and (o := owners[c]) is not None and o != s:
                name, other = players[s], players[o]
                rep.add(
                    "NAP503",
                    t.line.plays[i].span,
                    f"{name} plays {card_text(c)}, but it is in {other}'s given hand",
                    f"{name} が {card_text(c)} を出しましたが、そのカードは {other} の手札にあります",
                    t.number,
                )
            gone[c] = seen + 1
            hold = holds[s]
            if doubt and doubt >> i & 1 and c in hold:  # (a card not held is not judged here)
                v = violation(rules, hold, cards[:i], lead_suit, trump, c, opening and i == 0)
                if v is not None:
                    _report(rep, v, players[s], s, c, t, tricks, t.line.plays[i].span)
            try:
                hold.remove(c)
            except ValueError:  # (not held: played twice, or against a given hand)
                mask ^= 1 << i
        taken.append(mask)
    return PlayCheck(start, taken, napoleon)


_DISCARDED = 1 << 20  # (more than any card is played: a discarded card counts as played)


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
    later_ja = [f"トリック {k} で {card_text(c)}" for c, k in found if k is not None]
    tail_ja = "（後で " + "、".join(later_ja) + " を出しています）" if later else ""
    held = cards_list(shown)
    lead = suit_text(t.lead_suit)
    if code == "NAP506":
        en = f"{name} played {card_text(card)} on a ♣3 joker request while holding the joker"
        ja = f"{name} は ♣3 のジョーカー請求にジョーカーを持ちながら {card_text(card)} を出しました"
    elif code == "NAP505":
        en = (
            f"{name} played {card_text(card)} on a joker trump request ({lead} trumps) "
            f"while holding {held}"
        )
        ja = f"{name} はジョーカーの切り札請求（{lead}）に {held} を持ちながら {card_text(card)} を出しました"
    elif code == "NAP507":
        en = (
            f"{name} leads trick 1 with {card_text(card)} although holding {held} "
            "(rule opening-lead restricted: no trump, spade or joker lead)"
        )
        ja = f"{name} は {held} を持ちながら初手に {card_text(card)} をリードしました（`opening-lead restricted`）"
    else:
        en = f"{name} played {card_text(card)} on a {lead} lead while holding {held}"
        ja = f"{name} は {lead} のリードに {held} を持ちながら {card_text(card)} を出しました"
    rep.add(code, span, en + tail, ja + tail_ja, t.number)  # type: ignore[arg-type]


class LegalAtTurn(Mapping[str, tuple[Card, ...]]):
    """``{player: legal cards}`` for one trick, players in playing order.

    A player's holding at their turn is their holding before the trick (only their
    own card leaves it), so the trick's ``holdings_before`` and the cards played
    before them are all it takes. Compares equal to the plain dict of its items and
    pickles as one."""

    __slots__ = (
        "_before",
        "_cards",
        "_got",
        "_lead_suit",
        "_names",
        "_opening",
        "_rules",
        "_trump",
    )

    def __init__(
        self,
        rules: Rules,
        names: Sequence[str],
        cards: Sequence[Card],
        lead_suit: int | None,
        trump: int | None,
        opening: bool,
        before: Mapping[str, tuple[Card, ...]],
    ) -> None:
        self._rules = rules
        self._names = tuple(names)
        self._cards = cards
        self._lead_suit = lead_suit
        self._trump = trump
        self._opening = opening  # the leader's turn is Napoleon's opening lead of trick 1
        self._before = before
        self._got: dict[str, tuple[Card, ...]] = {}

    def __getitem__(self, name: str) -> tuple[Card, ...]:
        got = self._got.get(name)
        if got is None:
            try:
                i = self._names.index(name)
            except ValueError:
                raise KeyError(name) from None
            got = self._got[name] = legal_cards(
                self._rules,
                self._before[name],
                self._cards[:i],
                self._lead_suit,
                self._trump,
                self._opening and i == 0,
            )
        return got

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __repr__(self) -> str:
        return repr(dict(self.items()))

    def __reduce__(self) -> tuple[type, tuple[dict[str, tuple[Card, ...]]]]:
        return (dict, (dict(self.items()),))
