"""Acceptance tests: the seeds' own worked examples, each a full record.

Every record in tests/records/seeds/ transcribes one passage of a seed (quoted at
the top of the file). The expectations below — who wins the example trick and by
which ladder class, each player's score — are the seed's word, copied into
tests/fuzzing/seed_cases.py; the engine must agree with them and find nothing
wrong with the legal records, and must report the injected fault of the faulty
variants with the right code on the right line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fuzzing.casedef import HAND_SIZE, Case
from fuzzing.roundbuild import build
from fuzzing.roundwrite import write
from fuzzing.seed_cases import BY_NAME, CASES, RECORDS

import napkifu
from napkifu.cards import is_honor, parse_card
from napkifu.replay.results import JudgedRound, Judgement

LEGAL = [c for c in CASES if c.fault is None]
FAULTY = [c for c in CASES if c.fault is not None]
EXAMPLES = [c for c in LEGAL if c.fixed]
SCORED = [c for c in CASES if c.scores]


def _path(case: Case) -> Path:
    return RECORDS / f"{case.name}.nap"


_CACHE: dict[str, Judgement] = {}


def judged(case: Case) -> Judgement:
    if case.name not in _CACHE:
        _CACHE[case.name] = napkifu.load(_path(case))
    return _CACHE[case.name]


def only_round(case: Case) -> JudgedRound:
    rounds = judged(case).rounds
    assert len(rounds) == 1
    return rounds[0]


def fault_line(case: Case, where: int | str) -> int:
    """The 1-based line of trick ``where`` (or of the line starting with the keyword
    ``where``) in the record's text."""
    pattern = rf"{where} \S+: " if isinstance(where, int) else rf"{where} "
    for i, line in enumerate(_path(case).read_text(encoding="utf-8").splitlines(), start=1):
        if re.match(pattern, line):
            return i
    raise AssertionError(f"no {where} line in {case.name}")


def written_adjutant(case: Case) -> str | None:
    m = re.search(r"^adjutant (\S+)$", _path(case).read_text(encoding="utf-8"), re.M)
    return None if m is None or m.group(1) == "none" else m.group(1)


def test_every_case_has_its_record_and_nothing_else() -> None:
    on_disk = {p.stem for p in RECORDS.glob("*.nap")}
    assert on_disk == set(BY_NAME)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_record_is_what_the_case_generates(case: Case) -> None:
    """The files are generated, never hand-edited: regenerating gives the same text."""
    assert _path(case).read_text(encoding="utf-8") == write(case, build(case))


@pytest.mark.parametrize("case", LEGAL, ids=lambda c: c.name)
def test_legal_record_checks_clean(case: Case) -> None:
    j = judged(case)
    assert [(d.code, d.span.line, d.message) for d in j.diagnostics] == []


@pytest.mark.parametrize("case", EXAMPLES, ids=lambda c: c.name)
def test_example_trick_winner_and_class(case: Case) -> None:
    r = only_round(case)
    trick = r.tricks[case.example_trick - 1]
    assert trick.number == case.example_trick
    fixed = case.fixed[-1]
    assert [p.card for p in trick.plays] == [parse_card(t.split(">")[0]) for t in fixed.cards]
    assert trick.leader == fixed.leader
    assert trick.winner == fixed.winner
    assert trick.winning_class == case.win_class


@pytest.mark.parametrize("case", SCORED, ids=lambda c: c.name)
def test_scores_follow_the_seed_table(case: Case) -> None:
    r = only_round(case)
    table = dict(case.scores)
    adjutant = written_adjutant(case)
    expected = {
        p: table["napoleon" if p == case.napoleon else "adjutant" if p == adjutant else "ally"]
        for p in case.players
    }
    assert r.napoleon == case.napoleon
    assert r.adjutant == adjutant
    assert r.alone == (adjutant is None)
    assert r.scores == expected
    assert r.written_scores == expected


@pytest.mark.parametrize("case", SCORED, ids=lambda c: c.name)
def test_scored_outcome(case: Case) -> None:
    r = only_round(case)
    if case.outcome != "any":
        assert r.win is (case.outcome == "win")
    if case.napoleon_honors is not None:
        assert r.honors_napoleon == case.napoleon_honors


@pytest.mark.parametrize("case", FAULTY, ids=lambda c: c.name)
def test_faulty_variant_is_reported(case: Case) -> None:
    assert case.fault is not None
    code, where, player = case.fault
    errors = [d for d in judged(case).diagnostics if d.is_error]
    assert {d.code for d in errors} == {code}, [(d.code, d.message) for d in errors]
    (d,) = errors
    assert d.span.line == fault_line(case, where)
    assert d.trick == (where if isinstance(where, int) else None)
    assert player in d.message


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_deal_sizes(case: Case) -> None:
    """4 players 12 cards, 5 players 10, 6 players 8, 3 players 16; the rest is the widow."""
    r = only_round(case)
    n = len(case.players)
    assert r.hands is not None
    assert {p: len(h) for p, h in r.hands.items()} == dict.fromkeys(case.players, HAND_SIZE[n])
    deck = 52 + (0 if case.preset == "classic" else 1)
    assert len(r.widow) == deck - n * HAND_SIZE[n]
    assert len(r.tricks) == HAND_SIZE[n]


def test_four_and_six_player_deals_of_the_seeds() -> None:
    # 002: 4人 12枚・場札5枚 / 6人 8枚・場札5枚 (53 cards); 000: 4人 12枚・残り4枚 (52 cards)
    assert len(only_round(BY_NAME["std-score-4p-win"]).widow) == 5
    assert len(only_round(BY_NAME["std-score-6p-win"]).widow) == 5
    assert len(only_round(BY_NAME["bga-4p-deal"]).widow) == 5
    assert len(only_round(BY_NAME["cls-formula-4p-win"]).widow) == 4
    assert len(only_round(BY_NAME["std-score-3p-win"]).widow) == 5


def _cards(text: str) -> set[int]:
    return {parse_card(t) for t in text.split()}  # type: ignore[misc]


def test_heart_trump_example_captures_three_honors() -> None:
    # 002: ハートの3を出した人は、ダイヤのK・A・10の絵札3枚を取ります。
    trick = only_round(BY_NAME["std-heart-trump"]).tricks[0]
    assert set(trick.honors) == _cards("♦K ♦A ♦10")


def test_same_two_example_captures_three_honors() -> None:
    # 002: ダイヤの2を出した人が、K・A・10の絵札3枚を取ります。
    trick = only_round(BY_NAME["std-same-two"]).tricks[1]
    assert set(trick.honors) == _cards("♦K ♦A ♦10")


def test_reverse_jack_in_bga_example_3() -> None:
    # 004: 切り札でも裏ジャックのスートでもないJがトリックに出された場合、次のトリックからプレイ順が反転します
    r = only_round(BY_NAME["bga-example-3"])
    assert r.tricks[1].reversed_after is True  # ♥J with ♣ trumps
    assert r.tricks[0].reversed_after is False


@pytest.mark.parametrize(
    ("name", "active"),
    [
        ("std-joker-lead", True),
        ("std-club3-request", True),
        ("bga-club3-request", True),
        ("std-club3-holder", False),  # クラブの3を出した人が持っている場合 … 普通のクラブの3
        ("bga-example-1", False),
    ],
)
def test_joker_request_flag(name: str, active: bool) -> None:
    case = BY_NAME[name]
    assert only_round(case).tricks[case.example_trick - 1].joker_request is active


def test_twenty_loses_and_shutout() -> None:
    twenty = only_round(BY_NAME["web-twenty-loses"])
    assert twenty.twenty is True and twenty.win is False
    for name in ("cls-score-shutout", "cls-score-alone-shutout"):
        r = only_round(BY_NAME[name])
        assert r.honors_napoleon == 0 and r.honors_allies == 20 and r.win is False


@pytest.mark.parametrize(
    ("name", "credited"),
    [
        ("std-discard-honors", 18),  # 002: 捨てた絵札はどちらの軍の枚数にも入りません
        ("std-discard-honor-bid-20", 19),
        ("bga-discard-honors", 20),  # 004: 絵札を捨てると連合軍が獲得した扱いになります
        ("cls-discard-honors", 20),  # 000: 連合軍の得点として加算される
    ],
)
def test_discarded_honors(name: str, credited: int) -> None:
    case = BY_NAME[name]
    r = only_round(case)
    assert sum(1 for c in r.discards if is_honor(c)) == case.discard_honors
    assert r.honors_napoleon is not None and r.honors_allies is not None
    assert r.honors_napoleon + r.honors_allies == credited
    captured_by_allies = sum(
        len(t.honors) for t in r.tricks if t.winner not in (r.napoleon, r.adjutant)
    )
    discarded_to_allies = case.discard_honors if credited == 20 else 0
    assert r.honors_allies == captured_by_allies + discarded_to_allies


def test_discarded_honors_to_the_first_trick_winner() -> None:
    # 002: 捨てた絵札は1巡目で取った人のもの
    r = only_round(BY_NAME["std-local-discard-first-trick"])
    assert r.honors_napoleon is not None and r.honors_allies is not None
    assert r.honors_napoleon + r.honors_allies == 20
    by_napoleon = sum(len(t.honors) for t in r.tricks if t.winner in (r.napoleon, r.adjutant))
    first_to_napoleon = r.tricks[0].winner in (r.napoleon, r.adjutant)
    assert r.honors_napoleon == by_napoleon + (2 if first_to_napoleon else 0)


def test_honor_threes_make_24_honors() -> None:
    # 000: 3を絵札にする。絵札の枚数は24枚になる。
    r = only_round(BY_NAME["cls-honor-threes"])
    assert r.honors_napoleon is not None and r.honors_allies is not None
    assert r.honors_napoleon + r.honors_allies == 24


def test_no_trump_any_jack_reverses_in_bga() -> None:
    r = only_round(BY_NAME["bga-no-trump"])
    assert r.no_trump is True and r.trump is None
    assert r.tricks[0].reversed_after is True
