"""The notation read into the model: every spelling NOTATION.md allows, exact spans,
and NAP101/NAP102 with recovery after every bad line."""

from __future__ import annotations

import unicodedata

import pytest

from napkifu.cards import JOKER, UNKNOWN, Suit, make_card, parse_card
from napkifu.model import Span
from napkifu.notation import parse

HEAD = "players Haru Sora Mina Riku Kei\n"


def one_round(body: str, head: str = HEAD) -> tuple:
    record, diags = parse(head + "round 1\n" + body)
    return record.games[0].rounds[0], diags


def codes(diags: list) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in diags]


def c(text: str) -> int:
    card = parse_card(text)
    assert card is not None
    return card


def test_card_spellings_in_a_hand() -> None:
    rnd, diags = one_round("hand Haru ♠A K 9 ♥J8 SA HT H10 ♤2 ♡3 ♢4 ♧5 JK Jo 🃏 ? D10\n")
    cards = [r.card for r in rnd.hands[0].cards]
    assert cards == [
        c("♠A"), c("♠K"), c("♠9"), c("♥J"), c("♥8"), c("♠A"), c("♥10"), c("♥10"),
        c("♠2"), c("♥3"), c("♦4"), c("♣5"), JOKER, JOKER, JOKER, UNKNOWN, c("♦10"),
    ]  # fmt: skip
    assert diags == [] or all(d.code == "NAP105" for d in diags)


def test_joker_only_at_word_start() -> None:
    rnd, _ = one_round("hand Haru ♠A JK\nwidow ♠AJK\n")
    assert [r.card for r in rnd.hands[0].cards] == [c("♠A"), JOKER]
    assert [r.card for r in rnd.widow.cards] == [c("♠A"), c("♠J"), c("♠K")]


def test_bare_rank_after_joker_is_nap102() -> None:
    _, diags = one_round("hand Haru ♠A JK K\n")
    assert codes(diags)[0] == ("NAP102", 3)
    assert diags[0].span == Span(3, 17, 3, 18)
    assert "bare rank" in diags[0].message


def test_trick_plays_joker_suit_and_annotations() -> None:
    rnd, _ = one_round("call ♥J\n1 Riku: JK>♥!? ♠A! ♣4? ♥10?! S2!! HT??\n")
    trick = rnd.tricks[0]
    assert trick.number == 1 and trick.leader.name == "Riku"
    plays = trick.plays
    assert (plays[0].card, plays[0].joker_suit, plays[0].annotation) == (JOKER, Suit.HEARTS, "!?")
    assert [p.annotation for p in plays] == ["!?", "!", "?", "?!", "!!", "??"]
    assert plays[3].card == make_card(Suit.HEARTS, 10) == plays[5].card
    # spans: `1 Riku: JK>♥!? ♠A!` -> JK>♥!? at columns 9..15
    assert plays[0].span == Span(4, 9, 4, 15)
    assert plays[1].span == Span(4, 16, 4, 19)
    assert trick.leader.span == Span(4, 3, 4, 7)
    assert trick.number_span == Span(4, 1, 4, 2)


def test_trick_without_leader() -> None:
    rnd, _ = one_round("call ♥J\n1 ♠3 ♠5 ♠K ♠A ♠2\n2 Riku: ♥2 ♥3 ♥4 ♥5 ♥6\n")
    assert rnd.tricks[0].leader is None and len(rnd.tricks[0].plays) == 5
    assert rnd.tricks[1].leader.name == "Riku"


def test_bids_with_and_without_names() -> None:
    rnd, _ = one_round('bids Sora:13♥ pass Riku:14S - P "Kei":12NT\nnapoleon Riku 14♠\n')
    bids = rnd.all_bids
    assert [(b.player.name if b.player else None, b.count, b.suit) for b in bids] == [
        ("Sora", 13, Suit.HEARTS), (None, None, None), ("Riku", 14, Suit.SPADES),
        (None, None, None), (None, None, None), ("Kei", 12, None),
    ]  # fmt: skip
    assert bids[0].span == Span(3, 11, 3, 14)
    assert bids[0].player.span == Span(3, 6, 3, 10)
    assert rnd.napoleon.player.name == "Riku" and rnd.napoleon.bid.count == 14


def test_names_any_script_quoted_and_nfc() -> None:
    decomposed = unicodedata.normalize("NFD", "ガク")
    text = f'players ハル 太郎 "Taro Y." Mina_2 {decomposed} "say \\"hi\\"\\\\"\n'
    record, diags = parse(text)
    assert diags == []
    names = record.games[0].player_names
    assert names == ("ハル", "太郎", "Taro Y.", "Mina_2", "ガク", 'say "hi"\\')
    record, diags = parse(text + "round 1\ndealer ガク\n")
    assert not [d for d in diags if d.code == "NAP103"]


@pytest.mark.parametrize("name", ["pass", "SA", "Jo", "JK", "P", "none", "H10"])
def test_reserved_names_must_be_quoted(name: str) -> None:
    _, diags = parse(f"players Haru {name} Mina\n")
    assert codes(diags) == [("NAP101", 1)]
    assert "double quotes" in diags[0].message
    record, diags = parse(f'players Haru "{name}" Mina\n')
    assert diags == [] and record.games[0].player_names[1] == name


def test_words_end_at_a_boundary() -> None:
    record, diags = parse("players SAM Sora Mina\nround1\nrounds 2\n")
    assert record.games[0].player_names == ("SAM", "Sora", "Mina")
    assert codes(diags) == [("NAP101", 2), ("NAP101", 3)]


def test_comments_kept_where_they_stand() -> None:
    text = (
        "# club night\n"
        'game "Friday #12"   # title has a hash\n'
        "players Haru Sora Mina\n"
        "# before round 1\n"
        "round 1\n"
        "bids Haru:pass Sora:pass Mina:pass  # all pass\n"
        "# the end\n"
    )
    record, diags = parse(text)
    assert diags == []
    game = record.games[0]
    assert [x.text for x in record.leading_comments] == [" club night"]
    assert game.title == "Friday #12" and game.game.meta.comment == " title has a hash"
    rnd = game.rounds[0]
    assert [x.text for x in rnd.meta.leading_comments] == [" before round 1"]
    assert rnd.bids[0].meta.comment == " all pass"
    assert [x.text for x in rnd.trailing_comments] == [" the end"]


def test_crlf_lone_cr_and_bom() -> None:
    text = "players Haru Sora Mina\nround 1\nbids Haru:pass Sora:pass Mina:pass\n"
    expected, _ = parse(text)
    for variant in (text.replace("\n", "\r\n"), text.replace("\n", "\r"), "\ufeff" + text):
        record, diags = parse(variant)
        assert diags == [] and record == expected
        assert record.games[0].rounds[0].bids[0].bids[2].span == Span(3, 31, 3, 35)


def test_several_games() -> None:
    text = (
        'game "one"\nplayers A1 B1 C1\nround 1\nbids pass pass pass\n'
        'game "two"\ndate 2026-11-28\nplayers X Y Z W\nround 1\nbids pass pass pass pass\n'
    )
    record, diags = parse(text)
    assert diags == []
    assert [g.title for g in record.games] == ["one", "two"]
    assert [g.number for g in record.games] == [1, 2]
    assert record.games[1].date.value == "2026-11-28"


def test_headers_and_rules() -> None:
    text = (
        'game\ndate 2026-11-28\nplace "Kyoto"\ntag event "club night"\ntag table 2\n'
        "players Haru Sora Mina Riku Kei\nrules webgame\nrule ladder mighty trump-jack joker\n"
        "rule scoring none\n"
    )
    record, diags = parse(text)
    assert diags == []
    g = record.games[0]
    assert g.title is None and g.place.value == "Kyoto"
    assert [(t.key, t.value) for t in g.tags] == [("event", "club night"), ("table", "2")]
    assert g.preset == "webgame"
    assert [(r.key, r.values) for r in g.rule_lines] == [
        ("ladder", ("mighty", "trump-jack", "joker")), ("scoring", ("none",)),
    ]  # fmt: skip
    assert g.rule_lines[0].key_span == Span(8, 6, 8, 12)


def test_score_sheet_lines() -> None:
    rnd, diags = one_round(
        "napoleon Riku 14♠\ncall ♥J\nadjutant none\nresult 15\n"
        "score Haru -1 Sora -1 Mina -1 Riku +4 Kei -1\ntotal Haru -1 Sora -1 Mina -1 Riku 4 Kei -1\n"
    )
    assert diags == []
    assert rnd.adjutant.player is None and rnd.result.honors == 15
    assert [(e.player.name, e.points) for e in rnd.score.entries][3] == ("Riku", 4)
    assert rnd.total.entries[0].span == Span(8, 12, 8, 14)


def test_claim() -> None:
    rnd, diags = one_round("napoleon Riku 14♠\ncall ♥J\n1 ♠3 ♠5 ♠K ♠A ♠2\nclaim allies\n")
    assert diags == [] and rnd.claim.side == "allies"


@pytest.mark.parametrize(
    ("line", "code", "column"),
    [
        ("1 ♠3 ♠5 ♠0 ♠A ♠2", "NAP102", 9),
        ("1 ♠3 ♠5 ♠K ♠A ♠13", "NAP102", 15),
        ("1 ♠3 ? ♠K", "NAP102", 6),
        ("1 ♠3 s5 ♠K", "NAP102", 6),
        ("1 ♠A>♥ ♠K", "NAP102", 5),
        ("score Haru - 1", "NAP101", 12),
        ("call ♥1", "NAP102", 6),
        ("hand Haru ♠A ♥X", "NAP102", 14),
        ("bids Sora:13♥ 13X", "NAP102", 15),
        ("napoleon Riku 14Z", "NAP102", 15),
        ("tricks: ♠A", "NAP101", 1),
        ("dealer", "NAP101", 7),
        ("1 Riku ♠3 ♠5", "NAP101", 3),
        ("& & &", "NAP101", 1),
        ("result many", "NAP101", 8),
    ],
)
def test_syntax_errors_point_at_the_word(line: str, code: str, column: int) -> None:
    _, diags = parse(HEAD + "round 1\n" + line + "\n")
    syntax = [d for d in diags if d.code in ("NAP101", "NAP102")]
    assert [(d.code, d.span.line, d.span.column) for d in syntax] == [(code, 3, column)]
    assert syntax[0].message and syntax[0].message_ja
    assert syntax[0].round == 1 and syntax[0].game == 1


def test_leader_without_colon_explains() -> None:
    _, diags = parse(HEAD + "round 1\n1 Riku ♠3 ♠5\n")
    assert "`Riku:`" in diags[0].message


def test_ten_bad_lines_give_ten_diagnostics() -> None:
    lines = [HEAD, "round 1\n", "napoleon Riku 14♠\n", "call ♥J\n"]
    for n in range(1, 11):
        lines.append(f"{n} ♠3 ♠5 ♠Z ♠A ♠2\n" if n % 2 else f"garbage {n} here\n")
    record, diags = parse("".join(lines))
    bad = [d for d in diags if d.code in ("NAP101", "NAP102")]
    assert [d.span.line for d in bad] == list(range(5, 15))
    # the good lines around them still reach the record
    assert record.games[0].rounds[0].call is not None


def test_error_in_round_line_keeps_lines_out_of_previous_round() -> None:
    text = HEAD + "round 1\nbids pass pass pass pass pass\nround two\ncall ♥J\ncall ♥Q\n"
    record, diags = parse(text)
    assert codes(diags) == [("NAP101", 4)]
    assert record.games[0].rounds[0].call is None


def test_very_long_line_does_not_blow_up() -> None:
    from napkifu.notation.limits import MAX_LINE

    run = " ".join(["♠A"] * 20_000)  # 60,000 characters: under the limit, read
    record, diags = parse(HEAD + "round 1\nwidow " + run + "\n")
    assert len(record.games[0].rounds[0].widow.cards) == 20_000
    _, diags = parse(HEAD + "round 1\nwidow " + run + " ♠Z\n")
    assert diags[0].code == "NAP102"
    # a line past the limit is one diagnostic and not read (it once took 1.5 GB)
    huge = "widow " + " ".join(["♠A"] * (MAX_LINE // 3 + 10))
    record, diags = parse(HEAD + "round 1\n" + huge + "\n")
    assert next((d.code, d.span.line) for d in diags if d.code.startswith("NAP10")) == ("NAP101", 3)


def test_binary_garbage_in_text_is_diagnosed_not_raised() -> None:
    _, diags = parse("players A B C\n\x00\x01\x02\nround 1\n")
    assert ("NAP101", 2) in codes(diags)


def test_hints_for_common_slips() -> None:
    _, diags = parse("Players A1 B1 C1\n")
    assert diags[0].code == "NAP101" and "lowercase (`players`)" in diags[0].message
    record, diags = parse("players A1\u3000B1 C1\n")  # folded: napkifu/notation/fullwidth.py
    assert diags == [] and record.games[0].player_names == ("A1", "B1", "C1")


def test_quick_constructors_build_the_same_objects() -> None:
    from napkifu.model import CardRef, Play
    from napkifu.notation.objects import card_ref, play, span

    assert span(1, 2, 3, 4) == Span(1, 2, 3, 4) and hash(span(1, 2, 3, 4)) == hash(Span(1, 2, 3, 4))
    s = Span(5, 6, 5, 8)
    assert card_ref(12, s) == CardRef(12, s) and card_ref(12, s).span is s
    p = play(JOKER, Suit.HEARTS, "!?", s)
    assert p == Play(JOKER, Suit.HEARTS, "!?", s) and p.span is s
    assert repr(p) == repr(Play(JOKER, Suit.HEARTS, "!?", s))


def test_runaway_token_keeps_messages_short() -> None:
    _, diags = parse("players A1 B1 C1\n" + "x" * 100_000 + "\nround 1\n1 ♠" + "Z" * 100_000 + "\n")
    assert [(d.code, d.span.line) for d in diags][:2] == [("NAP101", 2), ("NAP102", 4)]
    assert diags[0].span.end_column == 100_001
    assert all(len(d.message) < 400 for d in diags)


def test_the_suggester_knows_every_keyword_and_value_of_the_grammar() -> None:
    """Every line keyword (``K_…``), every reserved word (``_NOT_RESERVED``) and every
    fixed value (``win``, ``allies``, …) of grammar.lark is known to the messages, so a
    v1.1 word such as ``alias`` gets the same help as a v1 one."""
    import re

    from napkifu.notation import errors
    from napkifu.notation.reader import grammar_text

    grammar = grammar_text()
    keywords = re.findall(r'^K_\w+: "([^"]+)" _END', grammar, re.M)
    assert sorted(errors._KEYWORDS) == sorted(keywords) and "alias" in keywords
    reserved = re.search(r"_NOT_RESERVED: /\(\?!\(\?:([^)]*)\)", grammar)
    assert reserved is not None
    assert frozenset(reserved.group(1).split("|")) == errors._RESERVED
    for terminal, words in errors._VALUES.items():
        rule = re.search(rf"^{terminal}: (.*)$", grammar, re.M)
        assert rule is not None, terminal
        assert sorted(re.findall(r'"([^"]+)"', rule.group(1))) == sorted(words), terminal
        assert terminal in errors.EXPECTED


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        ("Alias Haru Haruchan", "keywords are lowercase (`alias`)"),
        ("alais Haru Haruchan", "did you mean `alias`?"),
        ("reslt 13", "did you mean `result`?"),
        ("round 1\nnapoleon Haru 13S\nresult Win", "keywords are lowercase (`win`)"),
        ("round 1\nnapoleon Haru 13S\nresult wins", "did you mean `win`?"),
        ("round 1\nnapoleon Haru 13S\nclaim Allies", "keywords are lowercase (`allies`)"),
    ],
)
def test_a_misspelt_keyword_or_value_is_named(line: str, hint: str) -> None:
    _, diags = parse(HEAD + line + "\n")
    last = line.count("\n") + 2
    assert [(d.code, d.span.line) for d in diags if d.code == "NAP101"] == [("NAP101", last)]
    assert hint in next(d.message for d in diags if d.code == "NAP101")


def test_a_result_line_says_what_it_takes() -> None:
    _, diags = parse(HEAD + "round 1\nnapoleon Haru 13S\nresult ♠A\n")
    bad = [d for d in diags if d.code in ("NAP101", "NAP102")]
    assert bad and "`win`/`lose`" in bad[0].message and "a number" in bad[0].message
