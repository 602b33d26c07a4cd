"""The simulator's one door to the rules: every legality question the table asks,
answered by the same functions the replay engine judges records with.

Nothing here decides a rule. It builds :class:`napkifu.rules.Rules` from the preset
and overrides, and forwards to :mod:`napkifu.rules` (trick ladder),
:mod:`napkifu.replay.following` (legal cards) and the replay's auction and
adjutant primitives; so a rule changed in the engine changes the bots' table too.
"""

from __future__ import annotations

from collections.abc import Sequence

from napkifu.cards import JOKER, Card, Suit, deck
from napkifu.model import Bid, CallLine, CardRef, Play, PlayerRef, Round, TrickLine
from napkifu.replay.auction import AuctionResult, run_auction
from napkifu.replay.report import Reporter
from napkifu.rules import RuleError, Rules, build_rules, lead_suit_of, resolve_trick
from napkifu.simulate import SimulationError
from napkifu.simulate.bidding import TableFacts

PlayT = tuple[str, Card, Suit | None]


class Engine:
    """The rules of one simulated game, for a fixed seating."""

    def __init__(
        self, preset: str, overrides: Sequence[tuple[str, str]], seats: tuple[str, ...]
    ) -> None:
        try:
            self.rules: Rules = build_rules(
                preset, [(k, tuple(v.split())) for k, v in overrides], len(seats)
            )
        except RuleError as exc:
            raise SimulationError(exc.message, exc.message_ja) from None
        r = self.rules
        self.seats = seats
        self.facts = TableFacts(
            players=r.players, hand_size=r.hand_size, widow_size=r.widow_size, jokers=r.jokers,
            min_bid=r.min_bid, max_bid=r.max_bid, ladder=r.ladder,
            joker_lead_suit=r.joker_lead == "suit", discard_honors=r.discard_honors,
            honor_threes=r.honor_threes,
            kept_back=frozenset() if r.discard_honors_allowed else r.honor_cards,
        )  # fmt: skip

    @property
    def has_adjutant(self) -> bool:
        return self.rules.has_adjutant

    @property
    def call_after_exchange(self) -> bool:
        return self.rules.call_timing == "after-exchange"

    def deck(self) -> list[Card]:
        return deck(self.rules.jokers)

    def auction(self, first: str) -> Auction:
        return Auction(self.rules, self.seats, first)

    def may_call(self, card: Card, held: list[Card], discards: list[Card]) -> bool:
        """Whether the replay's NAP401 check lets Napoleon name ``card`` (``held``: her
        hand when she names it)."""
        from napkifu.replay.adjutant import check_call

        rep = Reporter("", None)
        rnd = Round(1, call=CallLine(CardRef(card)))
        check_call(self.rules, rnd, "", set(held), set(held), set(discards), rep)
        return not rep.items

    def adjutant(
        self,
        called: Card | None,
        holders: dict[str, list[Card]],
        napoleon: str,
        widow: list[Card],
        discards: list[Card],
    ) -> str | None:
        """The holder of the called card by the replay's own reading (None: alone)."""
        from napkifu.replay.adjutant import find_holder

        hands = {p: set(cards) for p, cards in holders.items()}
        holder = find_holder(
            self.rules,
            self.seats,
            napoleon,
            called,
            hands,
            [],
            set(widow),
            set(discards),
            complete=False,
        )
        return holder.adjutant

    def play(
        self,
        trump: Suit | None,
        napoleon: str,
        called: Card | None,
        holders: dict[str, list[Card]],
        discards: list[Card],
    ) -> PlayOfRound:
        return PlayOfRound(self.rules, self.seats, trump, napoleon, holders)

    @staticmethod
    def play_of(card: Card, joker_suit: Suit | None) -> Play:
        return Play(card, joker_suit if card == JOKER else None)


class Auction:
    """The auction so far, asked of the replay's own :func:`run_auction` after every
    bid: whose turn it is, whether a bid is legal, whether it is over."""

    def __init__(self, rules: Rules, seats: tuple[str, ...], first: str) -> None:
        self.rules = rules
        self.seats = seats
        self.first = seats.index(first)
        self.bids: list[Bid] = []
        self._result: AuctionResult | None = None

    def _run(self, bids: list[Bid], rep: Reporter | None = None) -> AuctionResult:
        return run_auction(self.rules, self.seats, self.first, bids, rep)

    def next_bidder(self) -> str | None:
        if self._state().finished:
            return None
        # an unnamed bid is the turn's: the engine tells whose turn it is
        return self._run([*self.bids, Bid(None, None)]).bid_players[-1]

    def allows(self, player: str, count: int, suit: Suit | None) -> bool:
        rep = Reporter("", None)
        self._run([*self.bids, Bid(PlayerRef(player), count, suit)], rep)
        return not rep.items

    def bid(self, player: str, count: int | None, suit: Suit | None) -> None:
        self.bids.append(Bid(PlayerRef(player), count, suit if count is not None else None))
        self._result = None

    def _state(self) -> AuctionResult:
        if self._result is None:
            self._result = self._run(self.bids)
        return self._result

    def winner(self) -> tuple[str, int, Suit | None] | None:
        res = self._state()
        if res.napoleon is None or res.count is None:
            return None
        return res.napoleon, res.count, res.suit


class PlayOfRound:
    """Legal cards, trick winners and the order of play for one round."""

    def __init__(
        self,
        rules: Rules,
        seats: tuple[str, ...],
        trump: Suit | None,
        napoleon: str,
        holders: dict[str, list[Card]],
    ) -> None:
        self.rules = rules
        self.seats = seats
        self.trump = None if trump is None else int(trump)
        self.napoleon = napoleon
        self.holders = holders
        self.reversed = False
        self.lines: list[TrickLine] = []

    def order(self, leader: str) -> list[str]:
        i = self.seats.index(leader)
        n = len(self.seats)
        step = -1 if self.reversed else 1
        return [self.seats[(i + step * k) % n] for k in range(n)]

    def _lead_suit(self, plays: list[PlayT]) -> int | None:
        if not plays:
            return None
        _, card, joker_suit = plays[0]
        return lead_suit_of(self.rules, card, joker_suit, self.trump)

    def legal(self, player: str, plays: list[PlayT], number: int) -> list[Card]:
        from napkifu.replay.following import legal_cards

        cards = [c for _, c, _ in plays]
        opening = number == 1 and not plays
        return sorted(
            set(
                legal_cards(
                    self.rules,
                    self.holders[player],
                    cards,
                    self._lead_suit(plays),
                    self.trump,
                    opening,
                )
            )
        )

    def winner(self, plays: list[PlayT], number: int = 2) -> str:
        cards = [c for _, c, _ in plays]
        out = resolve_trick(
            self.rules,
            cards,
            self._lead_suit(plays),
            self.trump,
            number,
            last=number == self.rules.tricks,
        )
        return plays[out.winner][0]

    def finish(self, plays: list[PlayT], number: int) -> None:
        """Record a finished trick; under ``reverse-jack`` ask the replay's own trick
        seating (over every trick so far) which way play now goes."""
        if not self.rules.reverse_jack:
            return
        from napkifu.replay.tricks import seat_tricks

        leader = plays[0][0]
        self.lines.append(
            TrickLine(
                number,
                PlayerRef(leader),
                tuple(Play(c, s if c == JOKER else None) for _, c, s in plays),
            )
        )
        seated = seat_tricks(
            self.rules,
            self.seats,
            self.lines,
            self.seats.index(self.napoleon),
            self.trump,
            Reporter("", None),
        )
        self.reversed = seated[-1].reversed_after
