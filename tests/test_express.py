"""The express lane of ``napkifu check`` (napkifu/express): it proves clean records
clean without their model. Its one duty is never to call a record clean that the
ordinary path finds anything wrong with, so every test here holds the two paths
together: on every record on disk, on the judge snapshot's generated and mangled
texts, on simulated games with one injected fault, and on a sweep of small edits
to every line of clean games. The lane must also actually be taken for the clean
records it covers, or none of this would test anything."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from corpus import RECORDS
from fuzzing.mutators import MUTATORS
from fuzzing.records import simulated
from fuzzing.strategies import mutated_texts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import napkifu
from dashboard.data import index_rows
from napkifu import api
from napkifu.analysis.rows import FileRows, express_rows, judgement_rows
from napkifu.cards import JOKER, card_text
from napkifu.commands.checkfile import FileResult, check_bytes, check_file
from napkifu.express import FactGame, clean_counts
from napkifu.notation.reader import normalise
from napkifu.replay.following import legal_cards, unsure_turns
from napkifu.rules import build_rules, lead_suit_of
from napkifu.rules.ladder import resolve_trick, trick_ranked

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT_TEXTS: dict[str, str] = json.loads(
    (ROOT / "tests" / "snapshots" / "judge-corpus.json").read_text(encoding="utf-8")
)


def lane(text: str) -> tuple[int, int] | None:
    return clean_counts(normalise(text).split("\n"))


def agree(text: str) -> tuple[int, int] | None:
    """The lane's verdict on ``text``, having checked it against the ordinary path:
    called clean only if the ordinary path finds nothing, with the same counts;
    ``check``'s result the same with and without the lane; and for a clean record,
    the season tables and the dashboard's round index made from the lane's facts
    the same as those made from the ordinary judgement, row for row."""
    data = text.encode("utf-8", "surrogatepass")
    ordinary = check_bytes(data, "x.nap", express=False)
    counts = lane(text)
    games: list[FactGame] = []
    fast = express_rows(data, "x.nap", also=games.append)
    assert (fast is None) == (counts is None)
    if counts is not None:
        assert ordinary.diagnostics == (), [d.code for d in ordinary.diagnostics]
        assert (ordinary.games, ordinary.rounds) == counts
        same_tables(data, fast, games)  # type: ignore[arg-type]
    assert check_bytes(data, "x.nap") == ordinary
    return counts


def same_tables(data: bytes, fast: FileRows, games: list[FactGame]) -> None:
    judgement = api.loads(data, file="x.nap")
    slow = judgement_rows(judgement)
    for table in ("rounds", "player_rounds", "tricks", "bids", "excluded"):
        assert getattr(fast, table) == getattr(slow, table), table
    assert index_rows("x.nap", games) == index_rows("x.nap", judgement.games)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_record_on_disk(path: Path) -> None:
    data = path.read_bytes()
    assert check_bytes(data, str(path)) == check_bytes(data, str(path), express=False)
    text = data.decode("utf-8", "replace")
    if "\ufffd" not in text:
        agree(text)


def test_the_snapshot_corpus() -> None:
    """168 simulated games, the same with one fault injected, and mangled text."""
    taken = sum(agree(text) is not None for text in SNAPSHOT_TEXTS.values())
    assert taken >= 5  # the clean simulated games without their deal written


@pytest.mark.parametrize("deal", [False, True], ids=["play", "deal+play"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("preset", ["standard", "webgame", "classic"])
def test_clean_games_take_the_lane(preset: str, players: int, deal: bool) -> None:
    """Full records, with the deal written or not, whatever the preset and table
    size (6 players: a quoted name, "Taro Y.", in every kind of line)."""
    for seed in range(3):
        text = simulated(preset, players, seed, deal, rounds=4)
        assert agree(text) == (1, 4)


def test_a_deal_written_in_part() -> None:
    """Every hand without the widow, or the widow alone, stays in the lane; some
    hands but not all, or a ``?`` in a hand, are left to the ordinary path."""
    text = simulated("standard", 5, 11, True, rounds=2)
    lines = text.split("\n")
    no_widow = "\n".join(x for x in lines if not x.lstrip().startswith("widow"))
    assert agree(no_widow) == (1, 2)
    widow_only = "\n".join(x for x in lines if not x.lstrip().startswith("hand"))
    assert agree(widow_only) == (1, 2)
    first_hand = next(i for i, x in enumerate(lines) if x.lstrip().startswith("hand"))
    assert agree("\n".join(lines[:first_hand] + lines[first_hand + 1 :])) is None
    unknown = [*lines]
    unknown[first_hand] = unknown[first_hand].rsplit(" ", 1)[0] + " ?"
    assert agree("\n".join(unknown)) is None


def claimed(text: str, keep: int, side: str) -> str:
    """Every round of ``text`` stopped after trick ``keep`` by a claim of ``side``
    (the result, score and total lines go: the claim decides them)."""
    out = []
    for line in text.split("\n"):
        head = line.split()[0] if line.split() else ""
        if (head.isdigit() and int(head) > keep) or head in ("result", "score", "total"):
            continue
        out.append(line)
        if head == str(keep):
            out.append(f"  claim {side}")
    return "\n".join(out)


def scored(text: str) -> str:
    """``text`` with a ``score`` and a ``total`` line after each played round, and a
    ``result`` line where it has none, as the ordinary path computes them (so that
    what a claim or the discards give each side counts)."""
    judged = napkifu.loads(text)
    out, rounds, running = [], iter(judged.games[0].rounds), None
    current, has_result = None, False
    lines = text.split("\n")
    for i, line in enumerate(lines):
        out.append(line)
        if line.startswith("round "):
            current, has_result = next(rounds), False
        has_result = has_result or line.split()[:1] == ["result"]
        if current is None or not (i + 1 == len(lines) or lines[i + 1].startswith("round ")):
            continue
        if current.honors_napoleon is not None and not has_result:
            out.append(f"  result {current.honors_napoleon}")
        if current.scores is not None:
            names = {p: f'"{p}"' if " " in p else p for p in current.players}
            running = {p: (running or {}).get(p, 0) + current.scores[p] for p in current.players}
            out.append("  score " + " ".join(f"{names[p]} {current.scores[p]:+d}" for p in names))
            out.append("  total " + " ".join(f"{names[p]} {running[p]}" for p in names))
    return "\n".join(out)


@pytest.mark.parametrize("deal", [False, True], ids=["play", "deal+play"])
@pytest.mark.parametrize("preset", ["standard", "webgame", "classic"])
def test_claims_take_the_lane(preset: str, deal: bool) -> None:
    """With the scores the claims give written, so every honor counts."""
    for players in (3, 4, 5, 6):
        for keep, side in ((1, "allies"), (3, "napoleon"), (7, "allies")):
            text = claimed(simulated(preset, players, players + keep, deal, rounds=3), keep, side)
            assert agree(text) == (1, 3)
            assert agree(scored(text)) == (1, 3)


def test_a_claim_after_every_trick_is_left_to_the_ordinary_path() -> None:
    text = simulated("bga", 5, 3, True, rounds=1)
    assert agree(claimed(text, 10, "allies")) is None


def test_a_claim_that_leaves_the_adjutant_unknown() -> None:
    """NAP402: play stopped before the called card was played, no hand says who held
    it, and no ``adjutant`` line does either. With the line, the lane takes it."""
    for seed in range(30):
        text = claimed(simulated("standard", 5, seed, rounds=1), 1, "napoleon")
        first = napkifu.loads(text).games[0].rounds[0]
        if first.called in [p.card for p in first.tricks[0].plays]:
            continue
        assert agree(text) == (1, 1)
        lines = text.split("\n")
        # The line alone decides, also that Napoleon plays alone (the tables agree).
        alone = [("  adjutant none" if x.split()[:1] == ["adjutant"] else x) for x in lines]
        assert agree("\n".join(alone)) == (1, 1)
        assert napkifu.loads("\n".join(alone)).games[0].rounds[0].alone
        bare = "\n".join(x for x in lines if x.split()[:1] != ["adjutant"])
        assert {d.code for d in napkifu.loads(bare).diagnostics} == {"NAP402"}
        assert agree(bare) is None
        return
    raise AssertionError("no game whose called card waits past trick 1")


def test_what_the_lane_leaves_to_the_ordinary_path() -> None:
    """Score sheets and a led joker naming its suit are judged the ordinary way (with
    the same result)."""
    assert agree(simulated("standard", 5, 1, rounds=2, score_sheet=True)) is None


@pytest.mark.parametrize("deal", [False, True], ids=["play", "deal+play"])
def test_a_led_joker_naming_its_suit(deal: bool) -> None:
    """Under ``joker-lead suit`` (bga) a led joker names its suit (``JK>♥``), and the
    lane takes it; with the suit changed to each other one the lane agrees with the
    ordinary path. A led joker naming none, a joker naming a suit when not led, or a
    suit named under ``joker-lead trump`` are NAP507, and leave the lane."""
    texts = [simulated("bga", 5, seed, deal, rounds=4) for seed in range(12)]
    named = [t for t in texts if "JK>" in t]
    assert len(named) >= 3
    for text in texts:
        assert agree(text) == (1, 4)
    for text in named:
        at = text.index("JK>")
        for suit in "♠♥♦♣":
            agree(text[: at + 3] + suit + text[at + 4 :])
        bare = text[: at + 2] + text[at + 4 :]  # JK>♥ → JK
        standard = text.replace("rules bga", "rules bga\nrule joker-lead trump")
        faults = [bare, standard]
        for text_ in texts:  # a followed joker naming a suit
            lines = text_.split("\n")
            for i, line in enumerate(lines):
                words = line.split()
                if words[:1] and words[0].isdigit() and "JK" in words[3:]:
                    words[words.index("JK", 3)] = "JK>♠"
                    faults.append("\n".join([*lines[:i], "  " + " ".join(words), *lines[i + 1 :]]))
                    break
        assert len(faults) > 2
        for faulty in faults:
            assert "NAP507" in {d.code for d in napkifu.loads(faulty).diagnostics}
            assert agree(faulty) is None


@pytest.mark.parametrize("name", sorted(MUTATORS))
def test_every_injected_fault_leaves_the_lane(name: str) -> None:
    rng = random.Random(name)
    faults = 0
    for seed in range(12):
        preset = ("standard", "webgame", "classic")[seed % 3]
        text = simulated(preset, 4 + seed % 3, seed, seed % 2 == 0, rounds=3)
        fault = MUTATORS[name](text, napkifu.loads(text), rng)
        if fault is not None:
            faults += 1
            assert agree(fault.text) is None, fault.what
    assert faults >= 3


_CARDS = ["♠A", "♠2", "♥J", "♦10", "♣3", "♣K", "JK", "SA", "H10"]
_BLANKS = ["\t", "\u3000", "\v", "  "]


def _edits(line: str, names: list[str], rng: random.Random) -> list[str | None]:
    """Small edits of one line (None: drop it)."""
    words = line.split()
    out: list[str | None] = [None, line + " # note", line + "\n" + line]
    out += [line.replace(" ", blank, 1) for blank in _BLANKS if " " in line.strip()]
    for i, word in enumerate(words):
        if i and i + 1 < len(words):
            swapped = [*words[:i], words[i + 1], word, *words[i + 2 :]]
            out.append("  " + " ".join(swapped))
        digits = [k for k, ch in enumerate(word) if ch.isdigit()]
        if digits:
            k = rng.choice(digits)
            bumped = word[:k] + str((int(word[k]) + 1) % 10) + word[k + 1 :]
            out.append("  " + " ".join([*words[:i], bumped, *words[i + 1 :]]))
        if word[:1] in "♠♥♦♣" or word.startswith("JK"):
            other = rng.choice(_CARDS)
            out.append("  " + " ".join([*words[:i], other, *words[i + 1 :]]))
        bare = word.rstrip(":")
        if bare in names:
            other = rng.choice([n for n in names if n != bare])
            out.append("  " + " ".join([*words[:i], word.replace(bare, other), *words[i + 1 :]]))
    out.append(line.replace("♠", "S").replace("♥", "H"))  # another spelling: still clean
    return out


@pytest.mark.parametrize(
    ("preset", "players", "seed", "deal", "claim"),
    [
        ("standard", 5, 7, False, 0),
        ("classic", 4, 8, False, 0),
        ("webgame", 5, 9, True, 0),
        ("standard", 4, 10, True, 6),
    ],
)
def test_a_sweep_of_edits_to_every_line(
    preset: str, players: int, seed: int, deal: bool, claim: int
) -> None:
    """Every line of the second round of a clean game (so what carries from round
    to round is at stake too; one game stopped by claims), edited in small ways: dropped, doubled, commented,
    blanks the grammar refuses, neighbouring words swapped, a digit bumped, a card
    or a name replaced, suits spelled in letters. Whatever the ordinary path makes
    of each, the lane agrees."""
    text = simulated(preset, players, seed, deal, rounds=3)
    if claim:
        text = claimed(text, claim, "allies")
    lines = text.split("\n")
    names = napkifu.loads(text).games[0].players
    start = next(i for i, line in enumerate(lines) if line.startswith("round 2"))
    end = next(i for i, line in enumerate(lines) if line.startswith("round 3"))
    rng = random.Random(seed)
    verdicts = {"clean": 0, "faulty": 0}
    for i in range(start, end):
        for edit in _edits(lines[i], list(names), rng):
            changed = [*lines[:i], *([] if edit is None else [edit]), *lines[i + 1 :]]
            counts = agree("\n".join(changed))
            verdicts["clean" if counts is not None else "faulty"] += 1
    assert verdicts["clean"] >= 10 and verdicts["faulty"] >= 100, verdicts


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutated_texts())
def test_mangled_records(text: str) -> None:
    agree(text)


_RULES = st.sampled_from(
    [
        build_rules("standard", []),
        build_rules("standard", [("joker-request", ["played"]), ("opening-lead", ["restricted"])]),
        build_rules("standard", [("joker-play", ["as-trump"]), ("mighty-play", ["any-time"])]),
        build_rules("bga", []),
        build_rules("webgame", []),
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    rules=_RULES,
    deal=st.permutations([*range(52), JOKER]),
    trump=st.sampled_from([None, 0, 1, 2, 3]),
    named=st.sampled_from([0, 1, 2, 3]),
    opening=st.booleans(),
)
def test_a_sure_turn_is_legal_whatever_was_held(
    rules: object, deal: list[int], trump: int | None, named: int, opening: bool
) -> None:
    """``unsure_turns`` may leave out a card only if it is legal for every holding."""
    cards = deal[:5]
    lead = lead_suit_of(rules, cards[0], named, trump)  # type: ignore[arg-type]
    unsure = set(unsure_turns(rules, cards, lead, opening))  # type: ignore[arg-type]
    rest = deal[5:]
    for i in set(range(5)) - unsure:
        for k in range(0, 40, 4):  # holdings of several shapes, each with the card
            hold = [cards[i], *rest[k : k + 1 + i]]
            first = opening and i == 0
            assert cards[i] in legal_cards(rules, hold, cards[:i], lead, trump, first)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(
    rules=_RULES,
    deal=st.permutations([*range(52), JOKER]),
    trump=st.sampled_from([None, 0, 1, 2, 3]),
    number=st.integers(1, 10),
)
def test_the_ranked_winner_is_the_resolved_winner(
    rules: object, deal: list[int], trump: int | None, number: int
) -> None:
    """What the lane asks of the ladder (winner and class) is what the engine gets."""
    cards = deal[:5]
    lead = lead_suit_of(rules, cards[0], 1, trump)  # type: ignore[arg-type]
    last = number == 10
    outcome = resolve_trick(rules, cards, lead, trump, number, last)  # type: ignore[arg-type]
    ranked = trick_ranked(rules, trump)(cards, lead, number, last)  # type: ignore[arg-type]
    assert ranked == (outcome.winner, outcome.ladder_class)


def test_a_big_file_goes_through_the_lane_line_by_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clean = tmp_path / "clean.nap"
    clean.write_text(simulated("standard", 5, 3, rounds=3), encoding="utf-8")
    faulty = tmp_path / "faulty.nap"
    faulty.write_text(
        clean.read_text(encoding="utf-8").replace("result ", "result 1"), encoding="utf-8"
    )
    monkeypatch.setattr(api, "WHOLE_FILE_LIMIT", -1)
    calls: list[object] = []
    import napkifu.express as express

    real = express.walk
    monkeypatch.setattr(
        express, "walk", lambda lines, facts: calls.append(lines) or real(lines, facts)
    )
    assert check_file(str(clean)) == FileResult(str(clean), (), 1, 3)
    assert not isinstance(calls[0], list)  # read in chunks, never whole
    assert check_file(str(faulty)) == check_file(str(faulty), express=False)
    assert check_file(str(faulty)).errors


def test_the_command_says_the_same_without_the_lane(tmp_path: Path) -> None:
    (tmp_path / "clean.nap").write_text(simulated("standard", 5, 4, rounds=2), encoding="utf-8")
    faulty = ROOT / "tests" / "examples"
    runs = []
    for extra in ([], ["--no-express"]):
        cmd = [
            sys.executable,
            "-m",
            "napkifu",
            "check",
            "--no-cache",
            "-j1",
            "--format",
            "json",
            str(tmp_path),
            str(faulty),
            *extra,
        ]
        runs.append(subprocess.run(cmd, capture_output=True, text=True, check=False))
    assert runs[0].returncode == runs[1].returncode == 1
    assert runs[0].stdout == runs[1].stdout and json.loads(runs[0].stdout)


def test_a_dealer_out_of_turn() -> None:
    """NAP701 alone: a redeal round put in front of a game, dealt by each seat in turn
    (only the seat of the next round's dealer, or the one before it, is right)."""
    text = simulated("standard", 5, 5, rounds=2)
    lines = text.split("\n")
    start = lines.index("round 1")
    dealer = lines[start + 1].split()[1]
    names = list(napkifu.loads(text).games[0].players)
    right = {dealer, names[names.index(dealer) - 1]}
    renumbered = [
        f"round {int(x.split()[1]) + 1}" if x.startswith("round ") else x for x in lines[start:]
    ]
    for who in names:
        redeal = ["round 1", f"dealer {who}", "bids " + " ".join(["pass"] * 5), ""]
        changed = "\n".join([*lines[:start], *redeal, *renumbered])
        codes = {d.code for d in napkifu.loads(changed).diagnostics}
        assert codes == (set() if who in right else {"NAP701"})
        assert (agree(changed) is not None) == (who in right)


def test_a_call_the_rules_forbid() -> None:
    """NAP401 on records that are otherwise clean: a call at a three-player table,
    and under ``call-timing after-exchange`` with ``call-own-card forbidden`` a call
    of a card Napoleon plays herself."""
    three = simulated("standard", 3, 2, rounds=2)
    first = napkifu.loads(three).games[0].rounds[0]
    own = next(p.card for p in first.tricks[0].plays if p.player == first.napoleon)
    three = three.replace("\n  discard", f"\n  call {card_text(own)}\n  discard", 1)
    assert {d.code for d in napkifu.loads(three).diagnostics} == {"NAP401"}
    assert agree(three) is None
    text = simulated("standard", 5, 6, rounds=1).replace(
        "rules standard",
        "rules standard\nrule call-timing after-exchange\nrule call-own-card forbidden",
    )
    judged = napkifu.loads(text)
    first = judged.games[0].rounds[0]
    own = [p.card for t in first.tricks for p in t.plays if p.player == first.napoleon]
    called = first.called
    verdicts = set()
    for card in [called, *own[:4]]:
        changed = text.replace(f"call {card_text(called)}", f"call {card_text(card)}", 1)
        codes = {d.code for d in napkifu.loads(changed).diagnostics}
        verdicts.add("NAP401" in codes)
        agree(changed)
    assert verdicts == {True, False}


def test_a_header_line_among_the_rounds() -> None:
    text = simulated("standard", 5, 8, rounds=2)
    for header in ("place Kyoto", 'tag event "club night"', "rules standard", "players A B C D E"):
        changed = text.replace("\nround 2", f"\n{header}\nround 2")
        assert agree(changed) is None


def test_comments_and_rule_lines_stay_in_the_lane() -> None:
    text = simulated("standard", 5, 9, rounds=3)
    commented = "\n".join(
        line + "  # note" if line.strip() and not line.startswith("game") else line
        for line in text.split("\n")
    ).replace("\nround 2", "\n# between rounds\n\nround 2")
    assert agree(commented) == (1, 3)
    same = "rules standard\nrule jokers 1\nrule score-napoleon 2  # as the preset has it"
    assert agree(text.replace("rules standard", same)) == (1, 3)
    other = text.replace("rules standard", "rules standard\nrule same-two off")
    assert (agree(other) is not None) == (napkifu.loads(other).diagnostics == ())


def test_a_widow_card_played_by_another() -> None:
    """NAP204 with the widow alone written: a card some other player plays listed in
    the widow instead of one Napoleon took."""
    text = simulated("standard", 5, 12, True, rounds=1)
    lines = [x for x in text.split("\n") if not x.lstrip().startswith("hand")]
    first = napkifu.loads("\n".join(lines)).games[0].rounds[0]
    theirs = next(p.card for p in first.tricks[0].plays if p.player != first.napoleon)
    at = next(i for i, x in enumerate(lines) if x.lstrip().startswith("widow"))
    widow = lines[at].split()
    for k in range(1, len(widow)):
        changed = [*lines]
        changed[at] = "  " + " ".join([*widow[:k], card_text(theirs), *widow[k + 1 :]])
        text_k = "\n".join(changed)
        assert "NAP204" in {d.code for d in napkifu.loads(text_k).diagnostics}
        assert agree(text_k) is None


def test_calling_a_card_of_ones_own_dealt_hand() -> None:
    """NAP401 alone under ``call-own-card forbidden`` (bga): the call changed to a card
    of Napoleon's written hand, with the lines that follow from who the adjutant is
    (adjutant, result, score, total) left out."""
    drop = ("adjutant", "result", "score", "total")
    for seed in range(20):
        text = simulated("bga", 5, seed, True, rounds=1)
        if agree(text) is None:
            continue  # (a led joker naming its suit)
        first = napkifu.loads(text).games[0].rounds[0]
        lines = [x for x in text.split("\n") if x.split()[:1] not in ([d] for d in drop)]
        hand = next(x for x in lines if x.split()[:2] == ["hand", first.napoleon])
        own = hand.split()[2]
        changed = "\n".join(f"  call {own}" if x.split()[:1] == ["call"] else x for x in lines)
        assert {d.code for d in napkifu.loads(changed).diagnostics} == {"NAP401"}
        assert agree(changed) is None
        return
    raise AssertionError("no bga game the lane takes")


def test_encodings_line_ends_and_a_bom() -> None:
    """The lane reads what ``decode`` gives: CRLF and a BOM change nothing; a file in
    Shift_JIS is read in the lane only when ``--encoding`` says so (without it, the
    NAP106 warning about the fallback is the ordinary path's to give)."""
    text = simulated("standard", 4, 13, True, rounds=2)
    crlf = ("\ufeff" + text.replace("\n", "\r\n")).encode("utf-8")
    assert check_bytes(crlf, "x.nap") == check_bytes(crlf, "x.nap", express=False)
    assert check_bytes(crlf, "x.nap") == FileResult("x.nap", (), 1, 2)
    letters = text.translate(str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"}))
    sjis = letters.encode("cp932")  # (the suit symbols are not in Shift_JIS)
    for encoding in (None, "cp932"):
        lane_result = check_bytes(sjis, "x.nap", encoding)
        assert lane_result == check_bytes(sjis, "x.nap", encoding, express=False)
        assert [d.code for d in lane_result.diagnostics] == ([] if encoding else ["NAP106"])


def _without(text: str, head: str) -> str:
    return "\n".join(x for x in text.split("\n") if x.split()[:1] != [head])


@pytest.mark.parametrize("deal", [False, True], ids=["play", "deal+play"])
def test_no_discard_line_and_bids_over_several_lines(deal: bool) -> None:
    """Without its ``discard`` line a complete round credits the honors nobody played
    as discarded (with the scores written, that counts); a claim then leaves the
    honors unknown, for the ordinary path. An auction written over several ``bids``
    lines reads as one."""
    for preset, players in (("standard", 5), ("classic", 4), ("bga", 6), ("webgame", 3)):
        text = simulated(preset, players, 14, deal, rounds=3)
        if agree(text) is None:
            continue  # (bga: a led joker naming its suit)
        bare = _without(_without(_without(text, "discard"), "score"), "total")
        assert agree(scored(bare)) == (1, 3)
        credited = _without(bare, "result").replace(
            f"rules {preset}", f"rules {preset}\nrule discard-honors napoleon"
        )
        assert agree(scored(credited)) == (1, 3)  # the discarded honors decide results
        assert agree(claimed(_without(text, "discard"), 4, "allies")) is None

        def halves(line: str) -> str:
            words = line.split()[1:]
            if line.split()[:1] != ["bids"] or len(words) < 2 or '"' in line:
                return line
            cut = len(words) // 2
            return f"  bids {' '.join(words[:cut])}\n  bids {' '.join(words[cut:])}"

        split = "\n".join(halves(x) for x in text.split("\n"))
        assert split.count("bids ") > text.count("bids ") or '"' in text
        assert agree(split) == (1, 3)


@pytest.mark.parametrize(
    "game_line", ['game "A final" # kept', "game # untitled", 'game\t"tab\\"bed"', "game"]
)
def test_the_tables_keep_the_game_line_as_written(game_line: str) -> None:
    """The title read off a ``game`` line, also one with a comment (which the lane
    leaves to the ordinary parser), is the season tables' ``game_title``."""
    lines = simulated("standard", 5, 4, rounds=2).split("\n")
    lines[0] = game_line
    text = "\n".join(lines)
    assert agree(text) == (1, 2)
    fast = express_rows(text.encode(), "x.nap")
    assert fast is not None
    assert {r["game_title"] for r in fast.rounds} == {napkifu.loads(text).games[0].title}
