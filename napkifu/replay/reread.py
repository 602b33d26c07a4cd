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
from dataclasses import dataclass

from napkifu.diagnostics import Diagnostic
from napkifu.model import Round, TrickLine
from napkifu.replay.report import Reporter, cards_list
from napkifu.replay.results import JudgedRound

PLAY_CODES = frozenset(
    [
        "NAP201",
        "NAP204",
        "NAP303",
        "NAP305",
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
"""The faults a line read wrongly can cause (and so may explain away): who held which
card, who led, who won, who is Napoleon, whose turn it was to bid."""

BUDGET = 260
"""Re-judgings tried for one round at most (each costs about as much as judging it)."""

GAME_BUDGET = 1500
"""Re-judgings tried for one game at most: a game judged under the wrong rules has
faults in every round that no re-reading explains, and must not take minutes."""


class Tries:
    """What is left of a game's :data:`GAME_BUDGET` (shared by its rounds)."""

    __slots__ = ("left",)

    def __init__(self, left: int | None = None) -> None:
        self.left = GAME_BUDGET if left is None else left


Judge = Callable[[Round, bool, "int | None"], JudgedRound]
"""Judges a round as written; the flag asks for the judged tricks; the int, when
given, is the seat that bids first instead of the one the `Name:` prefix names."""


@dataclass(frozen=True, slots=True)
class Reading:
    """One line read another way: ``line`` names it (readings of the same line may
    fit together; of two lines, they may not)."""

    line: tuple[str, int]  # ("trick", index), ("napoleon", 0), ("first", 0)
    round: Round
    first: int | None = None  # the first bidder's seat, for a reading of the auction
    order: tuple[int, ...] = ()  # for a trick: the written cards' positions, as played


def reread(
    rnd: Round,
    judged: JudgedRound,
    judge: Judge,
    rep: Reporter,
    first_named: bool = False,
    tries: Tries | None = None,
) -> JudgedRound:
    """``judged``, or the round judged with one line re-read when that alone makes it
    consistent (with one diagnostic at that line). ``first_named``: the first bidder
    was read from a bid's ``Name:`` prefix (so that prefix may be the slip)."""
    errors = [d for d in judged.diagnostics if d.is_error]
    if not _worth_trying(rnd, errors):
        return judged
    fits: list[tuple[Reading, JudgedRound]] = []
    tries = Tries() if tries is None else tries
    for tried, reading in enumerate(_readings(rnd, errors, judged.players, first_named)):
        if tried >= BUDGET or tries.left <= 0:
            break
        tries.left -= 1
        again = judge(reading.round, False, reading.first)
        if _fits(reading, again):
            fits.append((reading, again))
            if fits[0][0].line != reading.line:
                return judged  # two lines could be the slip: nothing tells which one
    if not fits or (len(fits) > 1 and fits[0][0].line[0] != "trick"):
        return judged  # (two Napoleons, or two first bidders, fit: which one is unknown)
    reading = fits[0][0]
    again = judge(reading.round, True, reading.first)
    if reading.line[0] == "trick":
        trick = rnd.tricks[reading.line[1]]
        _report(trick, [r.order for r, _ in fits], again, rep)
    elif reading.line[0] == "napoleon":
        _report_napoleon(rnd, reading.round, rep)
    return dataclasses.replace(again, source=rnd, diagnostics=tuple(rep.items) + again.diagnostics)


def _fits(reading: Reading, again: JudgedRound) -> bool:
    """Whether the round read so is consistent: no error at all — but for a reading
    of the auction, where a `Name:` prefix that was the slip remains one NAP303."""
    errors = [d.code for d in again.diagnostics if d.is_error]
    if reading.line[0] == "first":
        return errors in ([], ["NAP303"])
    return not errors


TABLE_FAULTS = frozenset(["NAP401", "NAP504", "NAP505", "NAP506", "NAP507"])
"""Faults players really commit at the table (a revoke, an illegal call): a round
whose only faults are these is judged as written — re-reading a later trick so that
a revoke disappears would hide a real one and blame the scorer for it."""


def _worth_trying(rnd: Round, errors: list[Diagnostic]) -> bool:
    """Only a round whose lines were all read, with faults of play only, more than
    one, and at least one that no game can produce (a leader who did not win, a card
    that cannot be there, a result or a score the play denies): one error is already
    one slip, one error (a wrong leader's name is as likely as a trick out of order),
    and revokes alone may be real."""
    if rnd.lost_lines or len(errors) < 2:
        return False
    if all(d.code in TABLE_FAULTS for d in errors):
        return False
    return all(d.code in PLAY_CODES for d in errors)


def _tricks_readable(rnd: Round) -> bool:
    n = {len(t.plays) for t in rnd.tricks}
    return len(n) == 1 and min(n) >= 2


def _readings(
    rnd: Round, errors: list[Diagnostic], players: tuple[str, ...], first_named: bool
) -> Iterator[Reading]:
    """The lines to read another way, the likeliest first: the first bidder (when a
    `Name:` prefix gave it), the `napoleon` line (when no auction says who won), then
    every trick, the ones near the first fault first, every way of reading each."""
    if first_named:
        for seat in range(len(players)):
            yield Reading(("first", 0), rnd, first=seat)
    if rnd.napoleon is not None and not rnd.bids:
        yield from _napoleon_readings(rnd, players)
    if not _tricks_readable(rnd):
        return
    numbers = [t.number for t in rnd.tricks]
    faults = sorted({d.trick for d in errors if d.trick is not None})
    first = faults[0] if faults else numbers[0]
    near = sorted(
        range(len(numbers)), key=lambda k: (numbers[k] < first - 1, abs(numbers[k] - first))
    )
    for k in near:
        for order in orders(len(rnd.tricks[k].plays)):
            yield Reading(("trick", k), _with_order(rnd, k, order), order=order)


def _napoleon_readings(rnd: Round, players: tuple[str, ...]) -> Iterator[Reading]:
    """The `napoleon` line naming another player (when no auction says who won)."""
    line = rnd.napoleon
    assert line is not None
    for name in players:
        if name != line.player.name:
            player = dataclasses.replace(line.player, name=name)
            again = dataclasses.replace(line, player=player)
            yield Reading(("napoleon", 0), dataclasses.replace(rnd, napoleon=again))


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


def _report_napoleon(rnd: Round, again: Round, rep: Reporter) -> None:
    assert rnd.napoleon is not None and again.napoleon is not None
    written, fits = rnd.napoleon.player.name, again.napoleon.player.name
    rep.add(
        "NAP305",
        rnd.napoleon.meta.span,
        f"napoleon {written} disagrees with the play, which fits Napoleon {fits} "
        f"(who leads trick 1 and holds what Napoleon held)",
        f"`napoleon` 行の {written} がプレイと矛盾しています（プレイはナポレオン {fits} なら合う）",
    )
