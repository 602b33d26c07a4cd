"""One trick written out of order: the round re-read with that trick in the order played.

A scorer who writes a trick's cards in seat order from another player (or the other
way round), or puts two cards in each other's place, makes every card of the trick
someone else's. Judged as written, the round then shows faults that are not there:
revokes "proven" by later play, a wrong winner and so a wrong leader for the next
trick, a wrong result. The holdings say more than the line does: when exactly one
re-reading of one trick — a rotation, a reversal or one swap of its cards — makes the
whole round consistent (no error left at all), that trick line is the slip. It is
reported once, at the line, with the cards in the order played (NOTATION.md v1.1 §3),
and the round is judged as re-read. When re-readings of two different tricks fit, or
none does, the round keeps its verdict as written: a guess must never accuse anyone.
(Several readings of the same trick may fit — a trick of one suit that the same card
wins either way — and then the line is still the slip, but no one order is named.)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

from napkifu.diagnostics import Diagnostic
from napkifu.model import Round, TrickLine
from napkifu.replay.report import Reporter, cards_list
from napkifu.replay.results import JudgedRound

PLAY_CODES = frozenset(
    [
        "NAP204",
        "NAP401",
        "NAP402",
        "NAP501",
        "NAP503",
        "NAP504",
        "NAP505",
        "NAP506",
        "NAP507",
        "NAP601",
        "NAP602",
    ]
)
"""The faults a trick read in the wrong order can cause (and so may explain away)."""

BUDGET = 240
"""Re-judgings tried for one round at most (each costs about as much as judging it)."""

Judge = Callable[[Round, bool], JudgedRound]
"""Judges a round as written; the flag asks for the judged tricks."""


def reread(rnd: Round, judged: JudgedRound, judge: Judge, rep: Reporter) -> JudgedRound:
    """``judged``, or the round judged with one trick re-read in the order played
    when that alone makes it consistent (with one diagnostic at that trick's line)."""
    errors = [d for d in judged.diagnostics if d.is_error]
    if not _worth_trying(rnd, errors):
        return judged
    fits: list[tuple[int, tuple[int, ...]]] = []
    for tried, (k, order) in enumerate(_candidates(rnd, errors)):
        if tried >= BUDGET:
            break
        if not judge(_with_order(rnd, k, order), False).has_errors:
            fits.append((k, order))
            if fits[0][0] != k:
                return judged  # two tricks could be the slip: nothing tells which one
    if not fits:
        return judged
    k, order = fits[0]
    again = judge(_with_order(rnd, k, order), True)
    _report(rnd.tricks[k], [o for _, o in fits], again, rep)
    return dataclasses.replace(again, source=rnd, diagnostics=tuple(rep.items) + again.diagnostics)


def _worth_trying(rnd: Round, errors: list[Diagnostic]) -> bool:
    """Only a round whose tricks were all read, with faults of play only, on more
    than one line or more than once: one error on one line is already one slip, one
    error (a wrong leader's name is as likely as a trick out of order)."""
    if not rnd.tricks or rnd.lost_lines or not errors:
        return False
    if any(d.code not in PLAY_CODES for d in errors):
        return False
    n = {len(t.plays) for t in rnd.tricks}
    if len(n) != 1 or min(n) < 2:
        return False
    return len(errors) > 1


def _candidates(rnd: Round, errors: list[Diagnostic]) -> Iterator[tuple[int, tuple[int, ...]]]:
    """(trick index, order) to try: the tricks near the first fault first (a trick
    out of order shows at itself, at the next trick's leader, or at an earlier
    revoke that its cards seem to prove), every way of reading each."""
    numbers = [t.number for t in rnd.tricks]
    faults = sorted({d.trick for d in errors if d.trick is not None})
    first = faults[0] if faults else numbers[0]
    near = sorted(
        range(len(numbers)), key=lambda k: (numbers[k] < first - 1, abs(numbers[k] - first))
    )
    for k in near:
        for order in orders(len(rnd.tricks[k].plays)):
            yield k, order


def orders(n: int) -> list[tuple[int, ...]]:
    """Every re-reading of ``n`` written cards (positions in the order played): the
    rotations and reversals (seat order from another player), then the swaps of
    two cards; never the order as written."""
    out: dict[tuple[int, ...], None] = {}
    ident = tuple(range(n))
    for r in range(n):
        out[ident[r:] + ident[:r]] = None
        rev = ident[::-1]
        out[rev[r:] + rev[:r]] = None
    for a in range(n):
        for b in range(a + 1, n):
            swap = list(ident)
            swap[a], swap[b] = b, a
            out[tuple(swap)] = None
    out.pop(ident, None)
    return list(out)


def _with_order(rnd: Round, k: int, order: tuple[int, ...]) -> Round:
    line = rnd.tricks[k]
    plays = tuple(line.plays[i] for i in order)
    tricks = (*rnd.tricks[:k], dataclasses.replace(line, plays=plays), *rnd.tricks[k + 1 :])
    return dataclasses.replace(rnd, tricks=tricks)


def _swapped(order: tuple[int, ...]) -> tuple[int, int] | None:
    moved = [i for i, j in enumerate(order) if i != j]
    return (moved[0], moved[1]) if len(moved) == 2 else None


def _report(
    line: TrickLine, fits: list[tuple[int, ...]], again: JudgedRound, rep: Reporter
) -> None:
    """One diagnostic at the trick line: the reading that fits when there is one (two
    cards swapped: NAP503; seat order from another player: NAP501), else only that
    the line is out of order (NAP501) — the cards may fit more than one way."""
    order = fits[0]
    trick = next((t for t in again.tricks if t.number == line.number), None)
    text = cards_list([line.plays[i].card for i in order])
    leader = trick.leader if trick is not None else "?"
    in_order = f"in the order played, from {leader}, they are {text}"
    in_order_ja = f"{leader} から出した順では {text}"
    pair = _swapped(order)
    if len(fits) > 1:
        rep.add(
            "NAP501",
            line.meta.span,
            "the cards do not fit the round in the order written: they look written "
            f"out of the order played (read in another order, for example {text} from "
            f"{leader}, the round is consistent)",
            "書かれた順ではカードがラウンドと合わない: 出した順と違う順で書かれているようだ"
            f"（たとえば {leader} から {text} の順なら矛盾しない）",
            line.number,
        )
    elif pair is not None:
        a, b = (cards_list([line.plays[i].card]) for i in pair)
        rep.add(
            "NAP503",
            line.meta.span,
            f"{a} and {b} look written in each other's place: {in_order}",
            f"{a} と {b} が入れ替わって書かれているようだ: {in_order_ja}",
            line.number,
        )
    else:
        first = trick.plays[order.index(0)].player if trick is not None else "?"
        n = len(order)
        backwards = n > 2 and (order[1] - order[0]) % n == n - 1
        how, how_ja = ("reverse seat order", "逆の席順") if backwards else ("seat order", "席順")
        rep.add(
            "NAP501",
            line.meta.span,
            f"the cards look written in {how} from {first}: {in_order}",
            f"カードが {first} からの{how_ja}で書かれているようだ: {in_order_ja}",
            line.number,
        )
