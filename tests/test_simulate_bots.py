"""The bots' judgement, without the engine: hand evaluation, calls, discards, card choice."""

from __future__ import annotations

import random

from napkifu.cards import JOKER, MIGHTY, Suit, jack_of, make_card, parse_card
from napkifu.simulate.bidding import (
    TableFacts,
    best_suit,
    bid_limit,
    choose_call,
    choose_discard,
    estimate,
)
from napkifu.simulate.play import Seat, TrickState, choose_follow, choose_lead

STANDARD = TableFacts(
    players=5, hand_size=10, widow_size=3, jokers=1, min_bid=13, max_bid=20,
    ladder=("yoromeki", "mighty", "joker-lead", "trump-jack", "back-jack", "same-two", "trump", "lead"),
    joker_lead_suit=False, discard_honors="void", honor_threes=False,
)  # fmt: skip


def cards(text: str) -> list[int]:
    out = [parse_card(t) for t in text.split()]
    assert None not in out
    return out  # type: ignore[return-value]


def test_strong_trump_hand_beats_weak_hand() -> None:
    strong = cards("SA HJ DJ HA HK H9 H5 C4 C3 D2")
    weak = cards("S3 S4 H2 H3 D5 D6 D7 C8 C9 CT")
    assert estimate(strong, Suit.HEARTS, STANDARD) >= 15
    assert best_suit(strong, STANDARD)[0] is Suit.HEARTS
    assert max(estimate(weak, s, STANDARD) for s in Suit) < STANDARD.min_bid


def test_four_trumps_and_a_special_is_about_thirteen() -> None:
    # the seeds' rule of thumb: four of a suit and one special card → bid 13
    hand = cards("HA H8 H6 H4 DJ S5 S6 C7 C9 D3")
    assert 12.5 <= estimate(hand, Suit.HEARTS, STANDARD) <= 14.5


def test_bid_limit_is_deterministic_for_a_seed() -> None:
    hand = cards("SA HJ DJ HA HK H9 H5 C4 C3 D2")
    assert bid_limit(hand, STANDARD, random.Random(3)) == bid_limit(
        hand, STANDARD, random.Random(3)
    )


def test_call_is_the_strongest_card_lacking() -> None:
    assert choose_call(cards("HA HK H9 H5 C4 C3 D2 S3 S4 S5"), Suit.HEARTS, STANDARD) == MIGHTY
    with_mighty = cards("SA HA HK H9 H5 C4 C3 D2 S3 S4")
    assert choose_call(with_mighty, Suit.HEARTS, STANDARD) == jack_of(Suit.HEARTS)
    both = cards("SA HJ DJ HA HK H9 C4 C3 D2 S3")
    assert choose_call(both, Suit.HEARTS, STANDARD) == make_card(Suit.HEARTS, 12)


def test_discard_keeps_trumps_and_specials_and_voids_short_suits() -> None:
    pool = [*cards("SA HJ HA HK H9 H5 H4 C4 C3 D2 D9 S3"), JOKER]
    out = choose_discard(pool, Suit.HEARTS, STANDARD, 3)
    assert len(out) == 3
    assert not {MIGHTY, JOKER, *cards("HJ HA HK H9 H5 H4")} & set(out)
    # clubs (two low cards) go, making a void to ruff; the 2 is kept for same-two
    assert set(cards("C4 C3")) <= set(out)
    assert parse_card("D2") not in out


def _seat(name: str, role: str = "ally") -> Seat:
    return Seat(name, role, "N", Suit.HEARTS, MIGHTY, STANDARD)  # type: ignore[arg-type]


def test_napoleon_leads_his_top_trump() -> None:
    hand = cards("HJ HA H5 C4 C3")
    state = TrickState(2, 10, [], ["A", "B", "C", "D"], set())
    card, _ = choose_lead(_seat("N", "napoleon"), hand, hand, state, random.Random(0))
    assert card == jack_of(Suit.HEARTS)


def test_allies_lead_the_called_suit() -> None:
    hand = cards("S4 C4 C3 D9 DK")
    state = TrickState(2, 10, [], ["B", "C", "N", "D"], set())
    card, _ = choose_lead(_seat("A"), hand, hand, state, random.Random(0))
    assert card == parse_card("S4")


def test_follower_feeds_an_honor_to_a_known_partner() -> None:
    seat = _seat("A")
    seat.learn_adjutant("D", ("N", "A", "B", "C", "D"))  # A is an ally; B and C are friends
    plays = [("B", parse_card("SK"), None)]
    state = TrickState(3, 10, plays, [], set())
    legal = cards("ST S4")

    def winner(ps: list) -> str:  # B's king holds against these cards
        return "B"

    assert choose_follow(seat, legal, legal, state, winner) == parse_card("ST")


def test_follower_takes_honors_from_napoleon_cheaply() -> None:
    seat = _seat("A")
    plays = [("N", parse_card("DK"), None)]
    state = TrickState(3, 10, plays, ["B"], set())
    legal = cards("DA D3 H2 H9")

    def winner(ps: list) -> str:
        return (
            ps[-1][0]
            if ps[-1][1] in (parse_card("DA"), parse_card("H2"), parse_card("H9")) and len(ps) > 1
            else "N"
        )

    choice = choose_follow(seat, legal, legal, state, winner)
    assert choice == parse_card("DA")  # the lowest-power card that wins (plain ace before trumps)


def test_follower_throws_a_plain_card_to_napoleons_winner_it_cannot_beat() -> None:
    seat = _seat("A")
    plays = [("N", MIGHTY, None)]
    state = TrickState(3, 10, plays, ["B"], set())
    legal = cards("SK S3")
    assert choose_follow(seat, legal, legal, state, lambda ps: "N") == parse_card("S3")
