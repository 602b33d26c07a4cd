"""The v1.1 rule options (RULES.md, "Version 1.1"): each replays as its seed sentence
says, the presets carry the seeds' values, and the seed rules still outside the
model are NAP104 when a record names them."""

from __future__ import annotations

import pytest

from napkifu.api import loads
from napkifu.cards import Suit, parse_card
from napkifu.rules import build_rules
from napkifu.rules.ladder import lead_suit_of, resolve_trick


def winner(rules_lines: list[tuple[str, str]], cards: str, trump: Suit | None, number: int,
           last: bool = False, preset: str = "standard") -> str:  # fmt: skip
    rules = build_rules(preset, [(k, v.split()) for k, v in rules_lines])
    played = [parse_card(c) for c in cards.split()]
    assert all(c is not None for c in played)
    t = None if trump is None else int(trump)
    lead = lead_suit_of(rules, played[0], None, t)  # type: ignore[arg-type]
    won = resolve_trick(rules, played, lead, t, number, last).winner  # type: ignore[arg-type]
    return cards.split()[won]


def test_presets_carry_the_seed_values() -> None:
    # first-bidder stays ``rotate`` in every preset (docs/spec/RULES.md, "How napkifu
    # implements the v1.1 options"): v1 records and the v1.1 corpus rely on it.
    for preset in ("standard", "webgame", "bga", "classic"):
        assert build_rules(preset).first_bidder == "rotate"
    assert build_rules("classic", [("first-bidder", ["previous-napoleon"])]).first_bidder == (
        "previous-napoleon"
    )
    r = build_rules("bga")
    assert (r.joker_weak_from, r.specials_first_trick, r.specials_last_trick) == (0, True, True)
    assert (r.yoromeki_card, r.yoromeki_vs_joker) == (parse_card("♥Q"), True)
    assert (r.discard_honors_allowed, r.exchange, r.discard_size) == (True, None, 3)


def test_joker_weak_from_trick_8() -> None:
    # 000: 「8トリック目以降はジョーカーが最弱」
    rule = [("joker-weak-from", "8")]
    assert winner(rule, "JK ♠3 ♠5 ♠K ♠2", Suit.SPADES, 7) == "JK"
    assert winner(rule, "JK ♠3 ♠5 ♠K ♠2", Suit.SPADES, 8) == "♠K"
    assert winner(rule, "♥3 JK ♥5 ♥K ♥2", Suit.SPADES, 9) == "♥K"


def test_no_specials_in_the_first_and_last_trick() -> None:
    cards = "♣2 ♠A ♥3 ♣K ♣5"  # trump ♥: the mighty wins, unless specials are off
    assert winner([], cards, Suit.HEARTS, 1) == "♠A"
    assert winner([("specials-first-trick", "off")], cards, Suit.HEARTS, 1) == "♥3"
    assert winner([("specials-first-trick", "off")], cards, Suit.HEARTS, 2) == "♠A"
    assert winner([("specials-last-trick", "off")], cards, Suit.HEARTS, 10, last=True) == "♥3"
    jacks = "♦2 ♦J ♦A ♦3 ♦4"  # trump ♦: the trump-jack, unless specials are off
    assert winner([("specials-first-trick", "off")], jacks, Suit.DIAMONDS, 1) == "♦A"


def test_yoromeki_card() -> None:
    assert winner([], "♠A ♥Q ♠3 ♠4 ♠5", Suit.SPADES, 3) == "♥Q"
    assert winner([("yoromeki-card", "♣4")], "♠A ♥Q ♣4 ♠4 ♠5", Suit.SPADES, 3) == "♣4"


def test_yoromeki_vs_joker() -> None:
    cards = "JK ♠A ♥Q ♠4 ♠5"
    assert winner([], cards, Suit.SPADES, 3) == "♥Q"
    assert winner([("yoromeki-vs-joker", "off")], cards, Suit.SPADES, 3) == "♠A"


SHEET = """players A B C D E
{rules}
round 1
napoleon A 13♠
adjutant B
discard {discard}
result 14
"""


def found(text: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in loads(text).diagnostics]


def test_discard_honors_allowed_off() -> None:
    text = SHEET.format(rules="rule discard-honors-allowed off", discard="♠K ♦3 ♥2")
    j = loads(text)
    assert [(d.code, d.span.line) for d in j.diagnostics] == [("NAP203", 6)]
    assert "honors may not be discarded" in j.diagnostics[0].message
    assert found(SHEET.format(rules="", discard="♠K ♦3 ♥2")) == []


@pytest.mark.parametrize(
    ("value", "discard", "ok"),
    [("all", "♠5 ♦3 ♥2", True), ("2", "♠5 ♦3", True), ("2", "♠5 ♦3 ♥2", False),
     ("none", "♠5", False)],
)  # fmt: skip
def test_exchange(value: str, discard: str, ok: bool) -> None:
    got = found(SHEET.format(rules=f"rule exchange {value}", discard=discard))
    assert got == ([] if ok else [("NAP202", 6)])


def test_previous_napoleon_bids_first() -> None:
    text = (
        "players A B C D E\nrules classic\nrule first-bidder previous-napoleon\n"
        "round 1\nbids A:pass B:pass C:11♠ D:pass E:pass A:pass B:pass\n"
        "napoleon C 11♠\nadjutant B\nresult 12\n"
        "round 2\nbids pass pass pass pass pass\n"
    )
    j = loads(text)
    assert j.rounds[1].first_bidder == "C"
    rotate = loads(text.replace("rule first-bidder previous-napoleon\n", ""))  # the preset
    assert rotate.rounds[1].first_bidder == "B"


@pytest.mark.parametrize(
    "rule", ["yoromeki-return on", "short-deck on", "remove-low-cards on", "scoring bonus"]
)
def test_seed_rules_outside_the_model_are_nap104(rule: str) -> None:
    j = loads(f"players A B C D E\nrule {rule}\n")
    assert [d.code for d in j.diagnostics] == ["NAP104"]
    assert "not supported" in j.diagnostics[0].message
    assert "対応していません" in (j.diagnostics[0].message_ja or "")


@pytest.mark.parametrize(
    "rule",
    [
        ("first-bidder", "previous-napoleon"),
        ("joker-weak-from", "8"),
        ("specials-first-trick", "off"),
        ("specials-last-trick", "off"),
        ("yoromeki-card", "♣4"),
        ("yoromeki-vs-joker", "off"),
        ("discard-honors-allowed", "off"),
        ("exchange", "none"),
        ("exchange", "2"),
    ],
)
def test_simulated_games_under_each_new_option_judge_clean(rule: tuple[str, str]) -> None:
    from napkifu.simulate import SimConfig, render_files

    for preset in ("standard", "bga"):
        cfg = SimConfig(preset=preset, overrides=(rule,), players=5, rounds=3, seed=4)
        ((_, text),) = render_files(cfg)
        j = loads(text)
        assert not j.has_errors, [d.message for d in j.diagnostics]
        if rule[0] == "exchange":
            want = 0 if rule[1] == "none" else 2
            assert all(len(r.discards) == want for r in j.rounds if r.napoleon)
