"""Fault injection: turn a clean record into one with exactly one known fault.

Each mutator reads the clean record's judgement only to find *where* things are
(the spans of trick lines, plays, leaders and scores, and who played which card)
and then edits the text at those spans. It picks only mutations that are that
fault by the rules themselves — a revoke is injected only where the player's own
later play proves they held the lead suit — and returns the code and the line the
checker must report.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from napkifu.cards import JACK, JOKER, MIGHTY, YOROMEKI, card_text, is_honor, rank_of, suit_of
from napkifu.model import Span
from napkifu.replay.results import JudgedPlay, JudgedRound, JudgedTrick, Judgement


@dataclass(frozen=True)
class Fault:
    text: str
    code: str
    line: int
    what: str


class _Text:
    """The record as lines, edited by model spans (1-based, end column exclusive).
    Edits are collected and applied right to left, so spans stay valid."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.edits: list[tuple[Span, str]] = []

    def get(self, span: Span) -> str:
        assert span.line == span.end_line
        return self.lines[span.line - 1][span.column - 1 : span.end_column - 1]

    def put(self, span: Span, new: str) -> None:
        self.edits.append((span, new))

    def text(self) -> str:
        lines = list(self.lines)
        for span, new in sorted(self.edits, key=lambda e: (e[0].line, e[0].column), reverse=True):
            line = lines[span.line - 1]
            lines[span.line - 1] = line[: span.column - 1] + new + line[span.end_column - 1 :]
        return "\n".join(lines)


def _full_rounds(j: Judgement) -> list[JudgedRound]:
    return [r for r in j.rounds if r.kind == "full" and r.tricks]


def _plain(card: int, r: JudgedRound) -> bool:
    """A card that can never win by a special class and never turns the play:
    not a joker, the mighty, the yoromeki, a jack, a 2 (same-two), the called card,
    nor a trump."""
    return (
        card < JOKER
        and card not in (MIGHTY, YOROMEKI, r.called)
        and rank_of(card) not in (JACK, 2)
        and suit_of(card) != r.trump
    )


def revoke(text: str, j: Judgement, rng: random.Random) -> Fault | None:
    """Swap a card a player followed suit with (trick t) for an off-suit card they
    play while showing out in a later trick u: at t they now show out while holding
    the suit. Only plain, non-winning cards of equal honor value are swapped, so
    every trick keeps its winner and its honors: the revoke is the only fault."""
    cands = []
    for r in _full_rounds(j):
        for ti, t in enumerate(r.tricks):
            lead = t.lead_suit
            if lead is None or t.plays[0].card == JOKER or t.joker_request:
                continue
            if t.winning_class == "same-two":
                continue
            for a in t.plays[1:]:
                if suit_of(a.card) != lead or not _plain(a.card, r) or _wins(t, a):
                    continue
                for u in r.tricks[ti + 1 :]:
                    if u.winning_class == "same-two" or u.lead_suit is None:
                        continue
                    for b in u.plays[1:]:
                        if (
                            b.player == a.player
                            and _plain(b.card, r)
                            and not _wins(u, b)
                            and suit_of(b.card) not in (lead, u.lead_suit)
                            and suit_of(a.card) != u.lead_suit
                            and is_honor(a.card) == is_honor(b.card)
                        ):
                            cands.append((t, a, b))
    if not cands:
        return None
    t, a, b = rng.choice(cands)
    doc = _Text(text)
    a_text, b_text = doc.get(a.span), doc.get(b.span)
    doc.put(a.span, b_text)
    doc.put(b.span, a_text)
    return Fault(
        doc.text(),
        "NAP504",
        t.span.line,
        f"trick {t.number}: {a.player} plays {b_text} holding {a_text}",
    )


def _wins(t: JudgedTrick, play: JudgedPlay) -> bool:
    return play.player == t.winner


def wrong_score(text: str, j: Judgement, rng: random.Random) -> Fault | None:
    """Move points between two players in one round's ``score`` line, and carry the
    change into the running totals so that only the score itself is wrong."""
    cands = [
        (g, r)
        for g in j.games
        for r in g.rounds
        if r.source.score is not None and r.scores is not None and len(r.source.score.entries) >= 2
    ]
    if not cands:
        return None
    g, r = rng.choice(cands)
    score = r.source.score
    assert score is not None
    x, y = rng.sample(range(len(score.entries)), 2)
    d = rng.choice([1, 2, 3])
    doc = _Text(text)
    for idx, delta in ((x, d), (y, -d)):
        e = score.entries[idx]
        v = e.points + delta
        doc.put(e.span, f"{v:+d}" if v else "0")
    who = {score.entries[x].player.name: d, score.entries[y].player.name: -d}
    later = False
    for other in g.rounds:
        later = later or other is r
        total = other.source.total
        if later and total is not None:
            for e in total.entries:
                if e.player.name in who:
                    doc.put(e.span, str(e.points + who[e.player.name]))
    return Fault(
        doc.text(),
        "NAP602",
        score.meta.span.line,
        f"round {r.number}: score moved {d} from {score.entries[y].player.name}",
    )


def wrong_leader(text: str, j: Judgement, rng: random.Random) -> Fault | None:
    """Name another player as the leader of a trick."""
    players_line = j.games[0].source.players
    cands = [
        (r, t) for r in _full_rounds(j) for t in r.tricks if _source_trick(r, t).leader is not None
    ]
    if not cands or players_line is None:
        return None
    r, t = rng.choice(cands)
    written = _source_trick(r, t).leader
    assert written is not None
    doc = _Text(text)
    others = [p for p in players_line.players if p.name != t.leader]
    new = doc.get(rng.choice(others).span)
    doc.put(written.span, new)
    return Fault(doc.text(), "NAP501", t.span.line, f"trick {t.number} led by {new}")


def duplicate_card(text: str, j: Judgement, rng: random.Random) -> Fault | None:
    """Replace a card of a trick with a lower card of the same suit that was already
    played (or discarded). Same suit, lower rank, same honor value, plain cards
    only: the trick keeps its winner and honors, and the player's inferred holdings
    keep the same suits, so the duplicate is the only fault."""
    cands = []
    for r in _full_rounds(j):
        seen: list[int] = [c for c in r.discards if c != JOKER] if r.source.discard else []
        for t in r.tricks:
            if t.winning_class != "same-two":
                for q in t.plays[1:]:
                    if not _plain(q.card, r) or _wins(t, q):
                        continue
                    for c in seen:
                        if (
                            _plain(c, r)
                            and suit_of(c) == suit_of(q.card)
                            and rank_of(c) < rank_of(q.card)
                            and is_honor(c) == is_honor(q.card)
                        ):
                            cands.append((t, q, c))
            seen.extend(p.card for p in t.plays if p.card != JOKER)
    if not cands:
        return None
    t, q, c = rng.choice(cands)
    doc = _Text(text)
    doc.put(q.span, card_text(c))
    return Fault(
        doc.text(),
        "NAP503",
        t.span.line,
        f"trick {t.number}: {q.player} plays {card_text(c)} again",
    )


def wrong_result(text: str, j: Judgement, rng: random.Random) -> Fault | None:
    """Change the honors a ``result`` line claims for Napoleon's side."""
    cands = [r for r in _full_rounds(j) if r.source.result is not None]
    if not cands:
        return None
    r = rng.choice(cands)
    result = r.source.result
    assert result is not None
    new = rng.choice(
        [v for v in range(0, 21) if v != result.honors and abs(v - result.honors) <= 3]
    )
    doc = _Text(text)
    doc.put(result.value_span, str(new))
    return Fault(
        doc.text(),
        "NAP601",
        result.meta.span.line,
        f"round {r.number}: result {result.honors} written as {new}",
    )


def wrong_total(text: str, j: Judgement, rng: random.Random) -> Fault | None:
    """Change one player's running total (the scores stay right)."""
    cands = [(r, e) for r in j.rounds if r.source.total is not None for e in r.source.total.entries]
    if not cands:
        return None
    r, e = rng.choice(cands)
    doc = _Text(text)
    doc.put(e.span, str(e.points + rng.choice([-2, -1, 1, 2])))
    assert r.source.total is not None
    return Fault(
        doc.text(),
        "NAP603",
        r.source.total.meta.span.line,
        f"round {r.number}: total of {e.player.name} changed",
    )


def _source_trick(r: JudgedRound, t: JudgedTrick):  # -> TrickLine
    return r.source.tricks[t.number - 1]


Mutator = Callable[[str, Judgement, random.Random], Fault | None]
MUTATORS: dict[str, Mutator] = {
    "revoke": revoke,
    "wrong-score": wrong_score,
    "wrong-leader": wrong_leader,
    "duplicate-card": duplicate_card,
    "wrong-result": wrong_result,
    "wrong-total": wrong_total,
}
