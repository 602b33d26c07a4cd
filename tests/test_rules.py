"""Rules as data: presets, overrides, ladder sugar, per-player-count parts, NAP104."""

from __future__ import annotations

import pytest

from napkifu.api import loads
from napkifu.rules import PRESETS, RuleError, build_rules


def test_presets_follow_rules_md() -> None:
    std = build_rules("standard")
    assert std.ladder == (
        "yoromeki",
        "mighty",
        "joker-lead",
        "trump-jack",
        "back-jack",
        "same-two",
        "trump",
        "lead",
    )
    assert (std.jokers, std.min_bid, std.max_bid, std.pass_rule) == (1, 13, 20, "rebid")
    assert (std.joker_request, std.double_at_max, std.units) == ("lead", "on", (2, 1, 1, 4, 1))
    web = build_rules("webgame")
    assert web.ladder.index("joker-lead") == web.ladder.index("same-two") + 1
    assert (web.pass_rule, web.joker_request, web.double_at_max) == ("out", "off", "win")
    bga = build_rules("bga")
    assert (bga.min_bid, bga.joker_lead, bga.call_own_card, bga.reverse_jack) == (
        8,
        "suit",
        "forbidden",
        True,
    )
    assert "joker-follow" in bga.ladder and bga.units == (4, 2, 2, 4, 1)
    assert bga.discard_honors == "allies"
    classic = build_rules("classic")
    assert (classic.jokers, classic.min_bid, classic.double_shutout) == (0, 11, True)
    assert classic.ladder == ("mighty", "trump-jack", "back-jack", "trump", "lead")
    # classic has no joker: a record turning one on gets the documented defaults
    assert (classic.joker_lead, classic.same_two_trump, classic.same_two_joker_counts) == (
        "trump",
        True,
        False,
    )
    assert set(PRESETS) == {"standard", "webgame", "bga", "classic"}


@pytest.mark.parametrize(
    ("players", "jokers", "hand", "widow"),
    [
        (3, 1, 16, 5),
        (4, 1, 12, 5),
        (5, 1, 10, 3),
        (6, 1, 8, 5),
        (5, 0, 10, 2),
        (5, 2, 10, 4),
        (3, 2, 16, 6),
        (4, 0, 12, 4),
    ],
)
def test_hand_and_widow_sizes_derive_from_players_and_jokers(
    players: int, jokers: int, hand: int, widow: int
) -> None:
    r = build_rules("standard", [("jokers", [str(jokers)])], players)
    assert (r.hand_size, r.widow_size, r.tricks) == (hand, widow, hand)


@pytest.mark.parametrize(
    ("players", "units"),
    [(3, (2, 1, 1, 2, 1)), (4, (3, 1, 2, 6, 2)), (5, (2, 1, 1, 4, 1)), (6, (3, 1, 1, 5, 1))],
)
def test_standard_units_per_player_count(players: int, units: tuple[int, ...]) -> None:
    assert build_rules("standard", (), players).units == units


def test_unit_override_applies_to_every_player_count() -> None:
    for n in (3, 4, 5, 6):
        r = build_rules("standard", [("score-napoleon", ["5"])], n)
        assert r.units[0] == 5
    assert build_rules("standard", [("score-alone", ["7"])], 4).units == (3, 1, 2, 7, 2)


def test_overrides_apply_in_order() -> None:
    r = build_rules("standard", [("min-bid", ["12"]), ("min-bid", ["11"]), ("no-trump", ["on"])])
    assert (r.min_bid, r.no_trump) == (11, True)
    assert r.option("min-bid") == "11"


def test_yoromeki_sugar() -> None:
    off = build_rules("standard", [("yoromeki", ["off"])])
    assert "yoromeki" not in off.ladder and off.ladder[0] == "mighty"
    on = build_rules("classic", [("yoromeki", ["on"])])
    assert on.ladder[:2] == ("yoromeki", "mighty")
    no_mighty = build_rules(
        "classic", [("ladder", ["trump-jack", "trump", "lead"]), ("yoromeki", ["on"])]
    )
    assert no_mighty.ladder[0] == "yoromeki"
    assert build_rules("standard", [("yoromeki", ["on"])]).ladder == build_rules().ladder


def test_same_two_sugar() -> None:
    on = build_rules("classic", [("same-two", ["on"])])
    assert on.ladder == ("mighty", "trump-jack", "back-jack", "same-two", "trump", "lead")
    no_back = build_rules(
        "classic", [("ladder", ["mighty", "trump-jack", "trump", "lead"]), ("same-two", ["on"])]
    )
    assert no_back.ladder == ("mighty", "trump-jack", "same-two", "trump", "lead")
    neither = build_rules(
        "classic", [("ladder", ["mighty", "trump", "lead"]), ("same-two", ["on"])]
    )
    assert neither.ladder == ("mighty", "same-two", "trump", "lead")
    assert "same-two" not in build_rules("standard", [("same-two", ["off"])]).ladder


def test_max_bid_defaults_to_number_of_honors() -> None:
    assert build_rules().max_bid == 20
    assert build_rules("standard", [("honor-threes", ["on"])]).max_bid == 24
    assert build_rules("standard", [("max-bid", ["15"])]).max_bid == 15


@pytest.mark.parametrize(
    ("key", "values", "part"),
    [
        ("min-bid", ["x"], "value"),
        ("min-bid", ["99"], "value"),
        ("jokers", ["3"], "value"),
        ("pass", ["maybe"], "value"),
        ("ladder", ["mighty", "bogus"], "value"),
        ("ladder", ["mighty", "mighty"], "value"),
        ("frobnicate", ["on"], "key"),
        ("betrayal", ["on"], "key"),
        ("perfect-declaration", ["on"], "key"),
        ("twenty", ["win", "loses"], "value"),
    ],
)
def test_bad_override_raises(key: str, values: list[str], part: str) -> None:
    with pytest.raises(RuleError) as e:
        build_rules("standard", [(key, values)])
    assert e.value.part == part and e.value.message_ja


def test_unknown_preset_raises() -> None:
    with pytest.raises(RuleError):
        build_rules("nope")


def test_min_bid_above_max_bid_raises() -> None:
    with pytest.raises(RuleError):
        build_rules("standard", [("max-bid", ["12"])])


HEAD = "players A B C D E\n"


def _nap104(text: str) -> list[tuple[int, str]]:
    return [(d.span.line, d.message) for d in loads(text).diagnostics if d.code == "NAP104"]


def test_nap104_at_the_rule_line() -> None:
    got = _nap104(HEAD + "rules standard\nrule min-bid 12\nrule colour blue\nrule pass maybe\n")
    assert [line for line, _ in got] == [4, 5]
    assert "unknown rule option 'colour'" in got[0][1]
    assert "allowed: out, rebid" in got[1][1]


def test_nap104_unknown_preset_at_the_rules_line() -> None:
    got = _nap104(HEAD + "rules standrd\n")
    assert got and got[0][0] == 2 and "did you mean 'standard'" in got[0][1]


@pytest.mark.parametrize("key", ["betrayal", "perfect-declaration"])
def test_nap104_unsupported_local_rule(key: str) -> None:
    got = _nap104(HEAD + f"rules classic\nrule {key} on\n")
    assert got and got[0][0] == 3 and "not supported" in got[0][1]


def test_bad_rule_line_does_not_stop_the_game() -> None:
    j = loads(
        HEAD + "rule min-bid 14x\nrule min-bid 12\n\nround 1\n"
        "bids A:pass B:pass C:pass D:pass E:pass\n"
    )
    assert j.games[0].rules.min_bid == 12  # type: ignore[attr-defined]
    assert [d.code for d in j.diagnostics if d.is_error] == ["NAP104"]


def test_derived_facts_and_tables_follow_the_options_they_come_from() -> None:
    """The derived facts are computed once, when the rules are built (the engine
    reads them every trick); rules made from others by ``dataclasses.replace``
    get their own facts and an empty cache of derived tables, never the original's
    (whose ladder tables belong to other options)."""
    import dataclasses

    from napkifu.rules.ladder import ranker

    rules = build_rules("standard", [])
    ranker(rules, 0)  # fills the cache
    assert (rules.tricks, rules.widow_size, rules.honors_total) == (10, 3, 20)
    threes = dataclasses.replace(rules, jokers=0, honor_threes=True)
    assert (threes.deck_size, threes.widow_size, threes.honors_total) == (52, 2, 24)
    assert len(threes.honor_cards) == 24 and not threes.cache
    assert threes.cache is not rules.cache
