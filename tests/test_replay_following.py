"""Following rules: legal cards and which code a wrong card earns."""

from __future__ import annotations

from napkifu.cards import JOKER, Suit, parse_card
from napkifu.replay import joker_request_active, legal_cards, violation
from napkifu.rules import build_rules

S, H, D, C = (int(s) for s in Suit)


def cs(text: str) -> list[int]:
    return [parse_card(w) for w in text.split()]  # type: ignore[misc]


def legal(
    hold: str,
    trick: str,
    lead: int | None,
    trump: int | None,
    preset: str = "standard",
    opening: bool = False,
    **opts: str,
) -> set[int]:
    rules = build_rules(preset, [(k.replace("_", "-"), [v]) for k, v in opts.items()])
    return set(legal_cards(rules, cs(hold), cs(trick), lead, trump, opening))


def test_must_follow_the_lead_suit_joker_any_time() -> None:
    assert legal("♥7 ♥K ♣4 JK", "♥2", H, S) == set(cs("♥7 ♥K JK"))
    assert legal("♣4 ♦5 JK", "♥2", H, S) == set(cs("♣4 ♦5 JK"))


def test_joker_as_trump() -> None:
    # not playable over a non-trump lead while holding that suit
    assert legal("♥7 ♣4 JK", "♥2", H, S, joker_play="as-trump") == set(cs("♥7"))
    # a trump for following a trump lead: a player whose only "trump" is the joker must play it
    assert legal("♥7 JK", "♠2", S, S, joker_play="as-trump") == {JOKER}
    # in no-trump it behaves as any-time
    assert legal("♥7 ♣4 JK", "♥2", H, None, joker_play="as-trump") == set(cs("♥7 JK"))


def test_mighty_follows_spades_unless_any_time() -> None:
    assert legal("♠A ♥3", "♥2", H, D) == set(cs("♥3"))
    assert legal("♠A ♥3", "♠2", S, D) == set(cs("♠A"))
    assert legal("♠A ♥3", "♥2", H, D, mighty_play="any-time") == set(cs("♠A ♥3"))
    # any-time: never has to be played to follow spades
    assert legal("♠A ♥3", "♠2", S, D, mighty_play="any-time") == set(cs("♠A ♥3"))


def test_club_three_joker_request() -> None:
    rules = build_rules("standard")
    assert joker_request_active(rules, cs("♣3"))
    assert legal("♣5 ♥3 JK", "♣3", C, S) == {JOKER}
    assert legal("♣5 ♥3", "♣3", C, S) == set(cs("♣5"))  # nobody to ask: plain ♣3
    assert legal("♣5 JK", "♣4 ♣3", C, S) == set(cs("♣5 JK"))  # lead only
    assert legal("♣5 JK", "♣4 ♣3", C, S, joker_request="played") == {JOKER}
    assert legal("♣5 JK", "♣3", C, S, joker_request="off") == set(cs("♣5 JK"))


def test_joker_trump_request() -> None:
    rules = build_rules("standard")
    hold = cs("♠4 ♠K ♦9")
    assert set(legal_cards(rules, hold, [JOKER], S, S)) == set(cs("♠4 ♠K"))
    assert violation(rules, hold, [JOKER], S, S, parse_card("♦9")) == (  # type: ignore[arg-type]
        "NAP505",
        tuple(cs("♠4 ♠K")),
    )


def test_opening_lead_restricted() -> None:
    assert legal("♠4 ♥K ♦9 JK", "", None, H, opening=True, opening_lead="restricted") == set(
        cs("♦9")
    )
    assert legal("♠4 ♥K JK", "", None, H, opening=True, opening_lead="restricted") == set(
        cs("♠4 ♥K JK")
    )
    assert legal("♠4 ♥K ♦9", "", None, H, opening=True) == set(cs("♠4 ♥K ♦9"))
    rules = build_rules("standard", [("opening-lead", ["restricted"])])
    assert violation(rules, cs("♠4 ♦9"), [], None, H, parse_card("♠4"), True)[0] == "NAP507"  # type: ignore[arg-type,index]


def test_violation_codes() -> None:
    rules = build_rules("standard")
    hold = cs("♥7 ♣4 JK")
    assert violation(rules, hold, cs("♥2"), H, S, parse_card("♥7")) is None  # type: ignore[arg-type]
    assert violation(rules, hold, cs("♥2"), H, S, JOKER) is None
    assert violation(rules, hold, cs("♥2"), H, S, parse_card("♣4")) == (  # type: ignore[arg-type]
        "NAP504",
        tuple(cs("♥7")),
    )
    assert violation(rules, cs("♣4 JK"), cs("♣3"), C, S, parse_card("♣4"))[0] == "NAP506"  # type: ignore[arg-type,index]


def test_two_jokers_both_requested() -> None:
    rules = build_rules("standard", [("jokers", ["2"])])
    assert legal_cards(rules, [JOKER, JOKER, parse_card("♣9")], cs("♣3 JK"), C, S) == (JOKER,)  # type: ignore[list-item]


# ---- the replay's shortcut and its lazy legal sets agree with legal_cards ----------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from napkifu.replay.following import doubtful_turns  # noqa: E402
from napkifu.replay.play_check import LegalAtTurn  # noqa: E402

_RULE_CHOICES = st.fixed_dictionaries(
    {
        "joker-play": st.sampled_from(["any-time", "as-trump"]),
        "joker-request": st.sampled_from(["off", "lead", "played"]),
        "mighty-play": st.sampled_from(["any-time", "suited"]),
        "opening-lead": st.sampled_from(["any", "restricted"]),
    }
)


@settings(max_examples=300, deadline=None)
@given(
    opts=_RULE_CHOICES,
    deal=st.permutations([*range(52), JOKER]),
    size=st.integers(1, 12),
    played=st.integers(0, 5),
    trump=st.sampled_from([None, 0, 1, 2, 3]),
    named=st.sampled_from([None, 0, 1, 2, 3]),
    opening=st.booleans(),
    pick=st.integers(0, 11),
)
def test_doubtful_turns_never_clear_an_illegal_card(
    opts: dict[str, str],
    deal: list[int],
    size: int,
    played: int,
    trump: int | None,
    named: int | None,
    opening: bool,
    pick: int,
) -> None:
    from napkifu.rules import lead_suit_of

    rules = build_rules("standard", [(k, [v]) for k, v in opts.items()])
    hold, trick = deal[:size], deal[size : size + played]
    lead = lead_suit_of(rules, trick[0], named, trump) if trick else None
    card = hold[pick % size]
    legal_set = legal_cards(rules, hold, trick, lead, trump, opening)
    # (the card's player at the last seat; the others' holdings are never asked of it)
    holds = [[]] * len(trick) + [sorted(hold)]
    seats = range(len(trick) + 1)
    doubt = doubtful_turns(rules, holds, seats, [*trick, card], lead, trump, opening)
    if not doubt >> len(trick) & 1:
        assert card in legal_set
    assert (violation(rules, hold, trick, lead, trump, card, opening) is None) == (
        card in legal_set
    )


def test_lazy_legal_sets_are_the_legal_cards() -> None:
    rules = build_rules("standard", [])
    before = {"A": tuple(cs("♥7 ♥K ♣4")), "B": tuple(cs("♣2 ♦5 JK")), "C": tuple(cs("♠2"))}
    lazy = LegalAtTurn(rules, ["B", "A"], cs("♣2 ♣4"), C, S, False, before)
    plain = {"B": tuple(cs("♣2 ♦5 JK")), "A": legal_cards(rules, before["A"], cs("♣2"), C, S)}
    assert lazy == plain and plain == lazy and list(lazy) == ["B", "A"] and "C" not in lazy
    assert lazy["A"] == tuple(cs("♣4"))
    import pickle

    assert pickle.loads(pickle.dumps(lazy)) == plain


def test_holdings_before_the_first_trick_are_the_dealt_hands() -> None:
    """Each trick's holdings are what every player held before it (the replay view)."""
    import itertools
    from pathlib import Path

    from napkifu.api import load

    record = Path(__file__).parent / "examples" / "standard" / "standard-01.nap"
    rnd = load(record).games[0].rounds[0]
    hands = {h.player.name: sorted(c.card for c in h.cards) for h in rnd.source.hands}
    first = rnd.tricks[0].holdings_before
    assert first is not None and set(first) == set(rnd.players)
    for p in rnd.players:  # as dealt (Napoleon's hand also took the widow, then discarded)
        assert first[p] == tuple(hands[p]) or p == rnd.napoleon
    for before, after in itertools.pairwise(rnd.tricks):  # each card played leaves its hand
        for play in before.plays:
            left = list(before.holdings_before[play.player])  # type: ignore[index]
            left.remove(play.card)
            assert after.holdings_before[play.player] == tuple(left)  # type: ignore[index]
