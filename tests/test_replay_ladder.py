"""Trick resolution by the ladder, with the seeds' worked examples (002, 004)."""

from __future__ import annotations

import pytest

from napkifu.cards import JOKER, Suit, parse_card
from napkifu.replay import lead_suit_of, resolve_trick
from napkifu.rules import build_rules, classify

S, H, D, C = (int(s) for s in Suit)


def cards(text: str) -> list[int]:
    out = []
    for w in text.split():
        c = parse_card(w)
        assert c is not None, w
        out.append(c)
    return out


def win(
    preset: str,
    text: str,
    trump: int | None,
    number: int = 2,
    last: bool = False,
    joker_suit: int | None = None,
    **opts: str,
) -> tuple[int, str | None]:
    rules = build_rules(preset, [(k.replace("_", "-"), [v]) for k, v in opts.items()])
    cs = cards(text)
    lead = lead_suit_of(rules, cs[0], joker_suit, trump)
    out = resolve_trick(rules, cs, lead, trump, number, last)
    return out.winner, out.ladder_class


# seed 004 (BGA), trump ♣, examples 1–6
@pytest.mark.parametrize(
    ("trick", "winner", "cls"),
    [
        ("♥K ♥7 ♥A ♠9 ♥3", 2, "lead"),
        ("♥K ♥A ♣5 ♥2 ♣9", 4, "trump"),
        ("♥K ♥7 ♥A ♥J ♥2", 4, "same-two"),
        ("♥K ♥2 ♥A ♠9 ♥3", 2, "lead"),
        ("♥10 ♣A ♣J ♠A ♥3", 3, "mighty"),
        ("♥10 ♣A ♣J ♠A ♥Q", 4, "yoromeki"),
    ],
)
def test_bga_worked_examples(trick: str, winner: int, cls: str) -> None:
    assert win("bga", trick, C) == (winner, cls)


def test_002_trump_beats_lead_ace() -> None:
    # hearts trump, ♦K led; a player void in ♦ trumps with ♥3 and beats ♦A
    assert win("standard", "♦K ♦A ♥3 ♦10 ♦2", H) == (2, "trump")


def test_002_same_two_and_its_conditions() -> None:
    assert win("standard", "♦K ♦7 ♦A ♦2 ♦10", H) == (3, "same-two")
    assert win("standard", "♦K ♦7 ♦A ♦2 ♦10", H, number=1) == (2, "lead")  # not trick 1
    assert win("standard", "♦K ♦7 ♦A ♦2 JK", H) == (2, "lead")  # a joker blocks it
    assert win("standard", "♦K ♦7 ♦A ♦2 JK", H, same_two_joker="counts") == (3, "same-two")
    assert win("standard", "♥K ♥7 ♥A ♥2 ♥10", H) == (3, "same-two")  # trump suit too
    assert win("standard", "♥K ♥7 ♥A ♥2 ♥10", H, same_two_trump="off") == (2, "trump")
    assert win("standard", "♦K ♦7 ♦A ♦2 ♦10", H, number=10, last=True) == (3, "same-two")
    assert win(
        "standard", "♦K ♦7 ♦A ♦2 ♦10", H, number=10, last=True, same_two_last_trick="off"
    ) == (2, "lead")
    assert win("standard", "♦K ♦7 ♦A ♦2 ♦10", H, number=1, same_two_first_trick="on") == (
        3,
        "same-two",
    )
    # the back-jack (♦J under ♥ trumps) is above same-two on the ladder
    assert win("standard", "♦K ♦J ♦A ♦2 ♦10", H) == (1, "back-jack")


def test_002_order_under_hearts() -> None:
    # mighty > joker > ♥J > ♦J > ♥A
    assert win("standard", "♥A ♦J ♥J JK ♠A", H, number=3) == (4, "mighty")
    assert win("standard", "JK ♦J ♥J ♥A ♠2", H) == (0, "joker-lead")
    assert win("standard", "♥A ♦J ♥J ♥K ♠2", H) == (2, "trump-jack")
    assert win("standard", "♥A ♦J ♥K ♥Q ♠2", H) == (1, "back-jack")


def test_followed_joker_never_wins_in_standard_but_does_in_bga() -> None:
    assert win("standard", "♦2 JK ♦3 ♦4 ♦5", H) == (4, "lead")
    assert win("bga", "♦2 JK ♦3 ♦4 ♣5", H) == (1, "joker-follow")
    assert win("bga", "♦2 JK ♠A ♦4 ♣5", H) == (2, "mighty")


def test_yoromeki_needs_the_mighty_and_the_option() -> None:
    assert win("standard", "♠A ♠3 ♥Q ♠4 ♠5", D) == (2, "yoromeki")
    assert win("standard", "♠A ♠3 ♥Q ♠4 ♠5", D, yoromeki="off") == (0, "mighty")
    assert win("standard", "♥3 ♥Q ♥A ♥4 ♥5", D) == (2, "lead")  # plain ♥Q, no mighty


def test_webgame_led_joker_ranks_below_same_two_and_jacks() -> None:
    assert win("webgame", "JK ♠J ♠3 ♠4 ♠5", S) == (1, "trump-jack")
    assert win("webgame", "JK ♠K ♠3 ♠4 ♠5", S) == (0, "joker-lead")


def test_no_trump_led_joker_has_no_lead_suit() -> None:
    rules = build_rules("standard", [("no-trump", ["on"])])
    assert lead_suit_of(rules, JOKER, None, None) is None
    assert win("standard", "JK ♦A ♥K ♣Q ♠2", None) == (0, "joker-lead")
    assert win("standard", "JK ♦A ♠A ♣Q ♠2", None) == (2, "mighty")
    # no jacks in no-trump: a J is a plain card of its suit
    assert win("standard", "♦2 ♦J ♦A ♠J ♦3", None) == (2, "lead")


def test_led_joker_without_its_class_ranks_above_classless_cards() -> None:
    # classic ladder has no joker class; a record adds a joker
    assert win("classic", "JK ♦A ♥K ♣Q ♠2", D, jokers="1") == (1, "trump")
    assert win("classic", "JK ♥A ♥K ♣Q ♠2", D, jokers="1") == (0, None)


def test_joker_lead_suit_names_the_suit() -> None:
    assert win("bga", "JK ♥A ♥K ♣Q ♠2", C, joker_suit=H) == (0, "joker-lead")
    rules = build_rules("bga")
    assert lead_suit_of(rules, JOKER, H, C) == H
    assert lead_suit_of(build_rules("standard"), JOKER, None, C) == C


def test_classify_matches_resolution() -> None:
    rules = build_rules("standard")
    cs = cards("♠A ♥Q ♥J ♦J ♥3")
    got = [classify(rules, cs, i, S, H, False) for i in range(5)]
    assert got == ["mighty", "yoromeki", "trump-jack", "back-jack", "trump"]


def test_earlier_card_wins_a_tie_of_classless_ranks() -> None:
    # nothing of trump or lead beyond the leader: the leader wins
    assert win("standard", "♦3 ♣A ♣K ♠K ♠Q", H) == (0, "lead")


def test_one_ranker_per_kind_of_ladder() -> None:
    """Rules alike in every fact the ladder reads share one ranker (its key tables are
    built once for all of them); a fact of the ladder, or the trump, makes another."""
    from napkifu.rules.ladder import ranker

    base = build_rules("standard")
    other_scoring = build_rules("standard", [("scoring", ("formula",))])
    other_specials = build_rules("standard", [("specials-first-trick", ("off",))])
    assert other_scoring is not base
    assert ranker(other_scoring, H) is ranker(base, H)
    assert ranker(other_specials, H) is not ranker(base, H)
    assert ranker(base, S) is not ranker(base, H)
    # each keeps its own facts: the mighty takes trick 1 unless specials are off there
    trick = cards("♥2 ♠A ♥4 ♥5 ♥6")
    assert resolve_trick(base, trick, H, H, 1).winner == 1
    assert resolve_trick(other_scoring, trick, H, H, 1).winner == 1
    assert resolve_trick(other_specials, trick, H, H, 1).winner == 4
    assert resolve_trick(other_specials, trick, H, H, 2).winner == 1


def test_lead_suit_table_and_same_two_set_say_what_the_functions_say() -> None:
    """The replay's round tables (``lead_suits``, same-two's ``_suited`` set) against
    the plain definitions they stand for, for every card, trump and joker-lead."""
    from napkifu.cards import UNKNOWN
    from napkifu.rules.ladder import _same_two_cards
    from napkifu.rules.leads import lead_suits

    for joker_lead in ("trump", "suit"):
        rules = build_rules("standard", [("joker-lead", [joker_lead])])
        for trump in (None, S, H, D, C):
            table = lead_suits(rules, trump)
            assert table == tuple(lead_suit_of(rules, c, None, trump) for c in range(UNKNOWN + 1))
    for counts in (False, True):
        for lead in (S, H, D, C):
            for c in range(UNKNOWN + 1):
                trick = [lead * 13 + 5, c]
                plain = c // 13 == lead if c < JOKER else counts
                assert _same_two_cards(counts, trick, lead) == plain
