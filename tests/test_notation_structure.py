"""Where lines may stand (NAP105) and whose names they use (NAP103)."""

from __future__ import annotations

from napkifu.notation import parse

P5 = "players Haru Sora Mina Riku Kei\n"
P3 = "players Haru Sora Mina\n"
SHEET = "napoleon Riku 14♠\nadjutant Sora\nresult 15\n"


def codes(text: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in parse(text)[1]]


def test_complete_sheet_and_redeal_are_clean() -> None:
    assert codes(P5 + "round 1\n" + SHEET + "round 2\nbids pass pass pass pass pass\n") == []


def test_header_after_round() -> None:
    text = P5 + "round 1\n" + SHEET + "date 2026-11-28\nrule min-bid 12\n"
    record, diags = parse(text)
    assert [(d.code, d.span.line) for d in diags] == [("NAP105", 6), ("NAP105", 7)]
    assert "before the game's first round" in diags[0].message
    assert record.games[0].date is None and record.games[0].rule_lines == ()


def test_rules_after_rule_is_kept_but_reported() -> None:
    record, diags = parse(P5 + "rule min-bid 12\nrules webgame\n")
    assert [(d.code, d.span.line) for d in diags] == [("NAP105", 3)]
    assert record.games[0].preset == "webgame"


def test_repeated_headers_keep_the_first() -> None:
    record, diags = parse(P5 + "players A1 B1 C1\n")
    assert [(d.code, d.span.line) for d in diags] == [("NAP105", 2)]
    assert record.games[0].player_names[0] == "Haru"


def test_round_numbers_in_order() -> None:
    text = P5 + "round 1\n" + SHEET + "round 3\n" + SHEET + "round 3\n" + SHEET
    assert codes(text) == [("NAP105", 6), ("NAP105", 10)]
    assert codes('game "b"\n' + P5 + "round 1\n" + SHEET) == []  # numbering restarts per game


def test_repeated_round_lines_keep_the_first() -> None:
    text = P5 + "round 1\nnapoleon Riku 14♠\ncall ♥J\ncall ♠A\nadjutant Sora\nresult 15\nresult 9\n"
    record, diags = parse(text)
    assert [(d.code, d.span.line) for d in diags] == [("NAP105", 5), ("NAP105", 8)]
    rnd = record.games[0].rounds[0]
    assert rnd.call.meta.span.line == 4 and rnd.result.honors == 15
    assert diags[0].round == 1 and "second `call`" in diags[0].message


def test_second_hand_for_the_same_player() -> None:
    text = P5 + "round 1\nhand Haru ♠A\nhand Sora ♠K\nhand Haru ♠Q\n" + SHEET
    record, diags = parse(text)
    assert [(d.code, d.span.line) for d in diags] == [("NAP105", 5)]
    assert [h.player.name for h in record.games[0].rounds[0].hands] == ["Haru", "Sora"]


def test_lines_out_of_order() -> None:
    text = P5 + "round 1\nnapoleon Riku 14♠\ncall ♥J\n1 ♠3 ♠5 ♠K ♠A ♠2\ndealer Kei\nbids pass\n"
    record, diags = parse(text)
    assert [(d.code, d.span.line) for d in diags] == [("NAP105", 6), ("NAP105", 7)]
    assert "`dealer` must come before `the tricks`" in diags[0].message
    assert record.games[0].rounds[0].dealer is not None  # kept: the model holds what is written


def test_both_call_timing_orders_accepted() -> None:
    before = (
        P5 + "round 1\nnapoleon Riku 14♠\ncall ♥J\nadjutant Sora\ndiscard ♣2\n1 ♠3 ♠5 ♠K ♠A ♠2\n"
    )
    after = (
        P5 + "round 1\nnapoleon Riku 14♠\ndiscard ♣2\ncall ♥J\nadjutant Sora\n1 ♠3 ♠5 ♠K ♠A ♠2\n"
    )
    assert codes(before) == [] and codes(after) == []
    wrong = P5 + "round 1\nnapoleon Riku 14♠\nadjutant Sora\ncall ♥J\n1 ♠3 ♠5 ♠K ♠A ♠2\n"
    assert codes(wrong) == [("NAP105", 5)]


def test_trick_numbers() -> None:
    text = (
        P5
        + "round 1\nnapoleon Riku 14♠\ncall ♥J\n1 ♠3 ♠5 ♠K ♠A ♠2\n3 ♠4 ♠6 ♠7 ♠8 ♠9\n3 ♥4 ♥6 ♥7 ♥8 ♥9\n"
    )
    record, diags = parse(text)
    assert [(d.code, d.span.line, d.trick) for d in diags] == [("NAP105", 6, 3), ("NAP105", 7, 3)]
    assert [t.number for t in record.games[0].rounds[0].tricks] == [1, 3]


def test_missing_players() -> None:
    assert codes("round 1\n" + SHEET) == [("NAP105", 1)]
    assert codes('game "x"\ndate 2026-01-01\n') == [("NAP105", 1)]


def test_player_count() -> None:
    assert codes("players A1 B1\n") == [("NAP105", 1)]
    assert codes("players A1 B1 C1 D1 E1 F1 G1\n") == [("NAP105", 1)]
    assert codes("players A1 B1 A1\n") == [("NAP105", 1)]


def test_round_lines_outside_a_round() -> None:
    assert codes(P5 + "call ♥J\n1 ♠3 ♠5 ♠K ♠A ♠2\n") == [("NAP105", 2), ("NAP105", 3)]


def test_score_sheet_requirements() -> None:
    assert codes(P5 + "round 1\nscore Haru 1\n") == [("NAP105", 2)] * 3
    msgs = [d.message for d in parse(P5 + "round 1\nscore Haru 1\n")[1]]
    assert any("napoleon" in m for m in msgs) and any("`result`" in m for m in msgs)
    assert any("`adjutant`" in m for m in msgs)
    # bids stand in for napoleon; with three players there is no adjutant line to give
    assert codes(P3 + "round 1\nbids Haru:13♠ pass pass\nresult 12\n") == []


def test_played_round_needs_call_except_with_three() -> None:
    play = "napoleon Riku 14♠\n1 ♠3 ♠5 ♠K ♠A ♠2\n"
    assert codes(P5 + "round 1\n" + play) == [("NAP105", 2)]
    assert codes(P3 + "round 1\nnapoleon Mina 13♠\n1 ♠3 ♠5 ♠K\n") == []


def test_unknown_names_everywhere() -> None:
    text = (
        P5 + "round 1\ndealer Xa\nhand Xb ♠A\nbids Xc:13♠ Haru:pass\nnapoleon Xd 13♠\ncall ♥J\n"
        "adjutant Xe\n1 Xf: ♠3 ♠5 ♠K ♠A ♠2\nscore Xg 1\ntotal Xh 1\n"
    )
    _, diags = parse(text)
    unknown = [
        (d.message.split()[0], d.span.line, d.span.column) for d in diags if d.code == "NAP103"
    ]
    assert unknown == [
        ("Xa", 3, 8), ("Xb", 4, 6), ("Xc", 5, 6), ("Xd", 6, 10), ("Xe", 8, 10), ("Xf", 9, 3),
        ("Xg", 10, 7), ("Xh", 11, 7),
    ]  # fmt: skip
    assert all(d.message_ja for d in diags)


def test_no_name_check_without_players() -> None:
    assert [c for c, _ in codes("round 1\ndealer Xa\n" + SHEET)] == ["NAP105"]


def test_diagnostics_are_sorted_and_carry_game_and_round() -> None:
    text = P5 + "round 1\n" + SHEET + 'game "two"\n' + P5 + "round 1\ndealer Nobody\n" + SHEET
    diags = parse(text, file="f.nap")[1]
    assert [(d.code, d.game, d.round, d.file) for d in diags] == [("NAP103", 2, 1, "f.nap")]


def test_lost_lines_are_recorded_for_the_engine() -> None:
    record, _ = parse(P5 + "round 1\nnapoleon Riku 14♠\ncall ♥J\n1 ♠3 ♠5 ♠Z\n2 ♠4 ♠6 ♠7 ♠8 ♠9\n")
    rnd = record.games[0].rounds[0]
    assert rnd.lost_lines == (5,)
    assert [t.number for t in rnd.tricks] == [2]


def test_later_trick_lines_keep_every_check() -> None:
    """A round's second and later trick lines take a shorter way through the structure
    (issue 26): the same checks hold on them as on the first."""
    text = (
        P5 + "alias Kei K2\nround 1\nnapoleon Riku 14♠\ncall ♥J\n"
        "1 ♠3 ♠5 ♠K ♠A ♠2\n2 Xf: ♠4 ♠6 ♠7 ♠8 ♠9\n# before three\n3 K2: ♥4 ♥6 ♥7 ♥8 ♥9\n"
        "5 ♦4 ♦6 ♦7 ♦8 ♦9\n5 ♣4 ♣6 ♣7 ♣8 ♣9\nresult 12\n6 ♣2 ♣3 ♣5 ♣10 ♣J\n"
    )
    record, diags = parse(text)
    assert [(d.code, d.span.line, d.span.column, d.trick) for d in diags] == [
        ("NAP103", 7, 3, 2), ("NAP105", 10, 1, 5), ("NAP105", 11, 1, 5), ("NAP105", 13, 1, 6),
    ]  # fmt: skip
    tricks = record.games[0].rounds[0].tricks
    assert [t.number for t in tricks] == [1, 2, 3, 5, 6]
    assert [c.text for c in tricks[2].meta.leading_comments] == [" before three"]
    assert tricks[2].leader is not None and tricks[2].leader.name == "Kei"
    assert [t.meta.span.line for t in tricks] == [6, 7, 9, 10, 13]
