"""The per-round state machine on whole records: generated legal rounds judge clean,
holdings are reconstructed, and one changed line is caught with the right code."""

from __future__ import annotations

import pytest
from replay_records import Generated, generate

from napkifu.api import loads
from napkifu.cards import JOKER, MIGHTY, card_text, suit_of
from napkifu.rules import build_rules


def codes(text: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in loads(text).diagnostics]


def errors(text: str) -> list[str]:
    return [f"{d.code}@{d.span.line}: {d.message}" for d in loads(text).diagnostics if d.is_error]


@pytest.mark.parametrize("preset", ["standard", "webgame", "bga", "classic"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_generated_rounds_judge_clean(preset: str, players: int) -> None:
    for seed in range(4):
        g = generate(seed, preset, players, with_hands=seed % 2 == 0)
        assert errors(g.text) == [], g.text


@pytest.mark.parametrize(
    "opts",
    [
        (("joker-play", "as-trump"),),
        (("mighty-play", "any-time"),),
        (("jokers", "2"),),
        (("joker-request", "played"),),
        (("opening-lead", "restricted"),),
        (("reverse-jack", "on"),),
        (("honor-threes", "on"),),
        (("same-two-joker", "counts"),),
    ],
)
def test_generated_rounds_with_options_judge_clean(opts: tuple[tuple[str, str], ...]) -> None:
    for seed in range(4):
        g = generate(seed, "standard", 5, rules_lines=opts, with_hands=seed % 2 == 1)
        assert errors(g.text) == [], g.text


def test_holdings_are_reconstructed_from_later_play() -> None:
    g = generate(7, "standard", 5, with_hands=True)
    bare = generate(7, "standard", 5, with_hands=False)
    with_hands, without = loads(g.text).rounds[0], loads(bare.text).rounds[0]
    assert [t.winner for t in with_hands.tricks] == [t.winner for t in without.tricks]
    for t, u in zip(with_hands.tricks, without.tricks, strict=True):
        assert t.holdings_before == u.holdings_before
        for p in t.plays:
            assert p.card in t.legal[p.player]  # type: ignore[index]
            assert p.card in t.holdings_before[p.player]  # type: ignore[index]
    first = without.tricks[0].holdings_before
    assert first is not None
    for name, cards in first.items():
        assert sorted(cards) == sorted(c for t in g.plays for p, c in t if p == name)
    assert without.napoleon == g.napoleon and without.honors_napoleon == g.honors_napoleon


def _revoke(g: Generated) -> tuple[str, int, int] | None:
    """Swap two cards of one player so that an early trick becomes a provable revoke."""
    for t, trick in enumerate(g.plays[:-1]):
        lead = trick[0][1]
        if lead >= JOKER or card_text(lead) == "♣3":
            continue
        for name, x in trick[1:]:
            if x >= JOKER or suit_of(x) != suit_of(lead) or x == MIGHTY:
                continue
            for u in range(t + 1, len(g.plays)):
                for who, y in g.plays[u]:
                    if who == name and y < JOKER and suit_of(y) != suit_of(lead) and y != MIGHTY:
                        lines = g.text.split("\n")
                        i, j = g.lines[f"trick {t + 1}"] - 1, g.lines[f"trick {u + 1}"] - 1
                        a, b = card_text(x), card_text(y)
                        lines[i] = lines[i].replace(f" {a}", " @@", 1)
                        lines[j] = lines[j].replace(f" {b}", f" {a}", 1)
                        lines[i] = lines[i].replace(" @@", f" {b}", 1)
                        return "\n".join(lines), t + 1, u + 1
    return None


def test_revoke_is_proven_by_the_players_own_later_play() -> None:
    for seed in range(10):
        g = generate(seed, "standard", 5)
        made = _revoke(g)
        if made is None:
            continue
        text, t, u = made
        j = loads(text)
        hits = [
            d for d in j.diagnostics if d.code == "NAP504" and d.span.line == g.lines[f"trick {t}"]
        ]
        assert hits, (text, [(d.code, d.span.line, d.message) for d in j.diagnostics])
        assert hits[0].trick == t and hits[0].round == 1 and hits[0].game == 1
        assert f"in trick {u}" in hits[0].message and hits[0].message_ja
        return
    pytest.fail("no revoke could be made")


def test_wrong_result_and_score_are_caught() -> None:
    g = generate(3, "standard", 5)
    wrong = g.text.replace(f"result {g.honors_napoleon}", f"result {g.honors_napoleon + 1}")
    assert ("NAP601", g.lines["result"]) in codes(wrong)
    lines = g.text.split("\n")
    score = lines[g.lines["score"] - 1].split()
    score[2], score[4] = score[4], score[2]  # swap two players' points
    lines[g.lines["score"] - 1] = " ".join(score)
    swapped = "\n".join(lines)
    if score[2] != score[4]:
        diag = [d for d in loads(swapped).diagnostics if d.code == "NAP602"]
        assert diag and diag[0].span.line == g.lines["score"]
        assert "written" in diag[0].message


def test_adjutant_line_is_checked() -> None:
    g = generate(4, "standard", 5)
    other = next(
        p for p in ("Haru", "Sora", "Mina", "Riku", "Kei") if p not in (g.napoleon, g.adjutant)
    )
    line = g.lines["call"]
    lines = g.text.split("\n")
    lines.insert(line, f"adjutant {other}")
    assert ("NAP402", line + 1) in codes("\n".join(lines))
    lines[line] = f"adjutant {g.adjutant}"
    assert errors("\n".join(lines)) == []


def test_calling_a_discarded_card_means_alone() -> None:
    g = generate(5, "standard", 5)
    lines = g.text.split("\n")
    discarded = lines[g.lines["discard"] - 1].split()[1]
    lines[g.lines["call"] - 1] = f"call {discarded}"
    r = loads("\n".join(lines)).rounds[0]
    assert r.alone and r.adjutant is None and r.adjutant_known


def test_claim_credits_the_remaining_honors() -> None:
    g = generate(6, "standard", 5)
    rules = build_rules("standard")
    lines = g.text.split("\n")
    keep = g.lines["trick 6"]
    rest = [
        ln for ln in lines[keep:] if not ln[:1].isdigit() and not ln.startswith(("result", "score"))
    ]
    text = "\n".join([*lines[:keep], "claim allies", *rest])
    call = g.lines["call"]
    with_line = "\n".join(
        [*lines[:call], f"adjutant {g.adjutant}", *lines[call:keep], "claim allies", *rest]
    )
    first = loads(text).rounds[0]
    if not first.adjutant_known:  # the called card is not played before the claim
        assert ("NAP402", 4) in codes(text)
    text = with_line
    r = loads(text).rounds[0]
    assert r.kind == "claim"
    side = {g.napoleon, g.adjutant}
    expect = sum(
        1
        for t, jt in zip(g.plays[:6], r.tricks, strict=False)
        if jt.winner in side
        for _, c in t
        if c in rules.honor_cards
    )
    assert r.honors_napoleon == expect
    assert not [d for d in loads(text).diagnostics if d.is_error]


def test_missing_tricks_without_claim() -> None:
    g = generate(6, "standard", 5)
    lines = g.text.split("\n")
    del lines[g.lines["trick 10"] - 1]
    assert ("NAP502", g.lines["trick 9"]) in codes("\n".join(lines))


SHEET = """players A B C D E

round 1
dealer E
napoleon A 13♠
adjutant B
result 14
score A +2 B +1 C -1 D -1 E -1
total A 2 B 1 C -1 D -1 E -1

round 2
dealer A
napoleon C 14♥
adjutant none
result 9
score A +1 B +1 C -4 D +1 E +1
total A 3 B 2 C -5 D 0 E 0
"""


def test_score_sheet_rounds() -> None:
    j = loads(SHEET)
    assert [d.code for d in j.diagnostics] == []
    r1, r2 = j.rounds
    assert (r1.kind, r1.win, r1.adjutant, r1.scores) == (
        "score-sheet",
        True,
        "B",
        {"A": 2, "B": 1, "C": -1, "D": -1, "E": -1},
    )
    assert r2.alone and r2.win is False
    bad = SHEET.replace("score A +2 B +1 C -1 D -1 E -1", "score A +1 B +2 C -1 D -1 E -1")
    assert ("NAP602", 8) in codes(bad)
    assert ("NAP603", 9) not in codes(bad)  # the totals are the rules' running totals
    assert ("NAP603", 17) in codes(SHEET.replace("C -5", "C -4"))
    assert ("NAP604", 8) in codes(SHEET.replace("score A +2 B +1", "score A +2 B +2"))
    assert ("NAP701", 12) in codes(SHEET.replace("dealer A", "dealer C"))


def test_dealer_may_stay_after_a_redeal() -> None:
    text = (
        "players A B C D E\n\nround 1\ndealer E\nbids pass pass pass pass pass\n"
        "round 2\ndealer E\nbids pass pass pass pass pass\n"
        "round 3\ndealer B\nbids pass pass pass pass pass\n"
    )
    assert codes(text) == [("NAP701", 10)]


def test_internal_error_is_nap900_and_the_rest_is_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    import napkifu.replay.game as game

    real = game.judge_round

    def boom(ctx, rnd):  # type: ignore[no-untyped-def]
        if rnd.number == 1:
            raise RuntimeError("boom")
        return real(ctx, rnd)

    monkeypatch.setattr(game, "judge_round", boom)
    j = loads(SHEET.replace("score A +1 B +1 C -4", "score A +1 B +1 C -3"))
    got = [(d.code, d.span.line) for d in j.diagnostics]
    assert ("NAP900", 3) in got and ("NAP604", 16) in got
    assert j.rounds[0].diagnostics[0].message.startswith("round 1: internal error")


def test_reason_words() -> None:
    from napkifu.replay import trick_reason

    rules = build_rules("standard")
    assert trick_reason(rules, "yoromeki", 0, 1)[0] == "yoromeki: ♥Q beats the mighty"
    assert trick_reason(rules, "joker-lead", JOKER, 1) == (
        "joker trump request",
        "ジョーカーの切り札請求",
    )
    assert trick_reason(rules, "same-two", 0, 1) == ("same-two", "セイムツー")
    assert trick_reason(rules, "mighty", MIGHTY, 1)[0] == "mighty"


def test_widow_card_played_by_another_player_is_nap204() -> None:
    g = generate(8, "standard", 5)
    lines = g.text.split("\n")
    discards = lines[g.lines["discard"] - 1].split()[1:]
    other = next(c for t in g.plays for p, c in t if p != g.napoleon and c != JOKER)
    at = g.lines["bids"] - 1
    lines.insert(at, f"widow {card_text(other)} {discards[0]} {discards[1]}")
    assert ("NAP204", at + 1) in codes("\n".join(lines))


def test_dealt_hands_are_reconstructed_including_napoleons() -> None:
    g = generate(9, "standard", 5, with_hands=True)
    lines = [ln for ln in g.text.split("\n") if not ln.startswith("hand ")]
    r = loads("\n".join(lines)).rounds[0]
    given = loads(g.text).rounds[0]
    assert r.hands is not None and given.hands is not None
    assert {p: sorted(h) for p, h in r.hands.items()} == {
        p: sorted(h) for p, h in given.hands.items()
    }


def test_seated_tricks_have_every_field() -> None:
    """``seat_tricks`` makes each :class:`SeatedTrick` without its ``__init__`` and sets
    every field itself: a field added to the class must be set there too."""
    import dataclasses

    from napkifu.notation import parse
    from napkifu.replay.report import Reporter
    from napkifu.replay.tricks import SeatedTrick, seat_tricks

    g = generate(3, "standard", 4)
    game = parse(g.text)[0].games[0]
    rnd = game.rounds[0]
    players = game.player_names
    seated = seat_tricks(build_rules("standard"), players, rnd.tricks, 0, 0, Reporter("<t>", 1, 1))
    assert len(seated) == len(rnd.tricks) > 0
    for t in seated:
        for f in dataclasses.fields(SeatedTrick):
            getattr(t, f.name)  # (an unset slot raises AttributeError)
