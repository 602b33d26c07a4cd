"""Who the adjutant is: the holder of the called card (RULES.md, "Fixed facts").

Napoleon plays alone when she holds the called card herself, or it lies in the
widow or among her discards. The holder is read off the record — a given hand, the
player who plays the card, the widow or the discards — and the ``adjutant`` line is
checked against it (NAP402); the call itself is checked for NAP401.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from napkifu.cards import CARD_TEXTS, JOKER, UNKNOWN
from napkifu.model import Round
from napkifu.replay.report import Reporter
from napkifu.replay.tricks import SeatedTrick
from napkifu.rules.build import Rules


@dataclass(slots=True)
class Holder:
    """Who the adjutant is, and whether and when the play revealed him."""

    adjutant: str | None  # None: alone or unknown
    known: bool
    alone: bool
    revealed_at: int | None


def find_holder(
    rules: Rules,
    players: Sequence[str],
    napoleon: str,
    called: int | None,
    hands: Mapping[str, set[int]],
    tricks: Sequence[SeatedTrick],
    widow: set[int] | None,
    discards: set[int] | None,
    complete: bool,
) -> Holder:
    """The holder of ``called`` as far as the record tells (``known`` False: it does not)."""
    if not rules.has_adjutant:
        return Holder(None, True, True, None)
    if called is None or called == UNKNOWN:
        return Holder(None, False, False, None)
    revealed = None
    player = None
    for t in tricks:
        if called in t.cards:
            revealed = t.number
            player = players[t.seats[t.cards.index(called)]]
            break
    owner = None  # (another player whose given hand holds it)
    for n, cards in hands.items():
        if called in cards and n != napoleon:
            owner = n
            break
    set_aside = (
        called in hands.get(napoleon, ())
        or (widow is not None and called in widow)
        or (discards is not None and called in discards)
    )
    return holder_of(napoleon, owner, player, revealed, set_aside, complete)


def holder_of(
    napoleon: str,
    owner: str | None,
    player: str | None,
    revealed: int | None,
    set_aside: bool,
    complete: bool,
) -> Holder:
    """Who holds the called card, from what the record says of it: ``owner``, another
    player whose written hand holds it; ``player``, who played it (in trick
    ``revealed``); ``set_aside``, it is in Napoleon's written hand, the widow or the
    discards. In a complete play a card nobody played was discarded: Napoleon had it."""
    if owner is not None:
        return Holder(owner, True, False, revealed)
    if player is not None:
        return Holder(None if player == napoleon else player, True, player == napoleon, revealed)
    if set_aside or complete:
        return Holder(None, True, True, None)
    return Holder(None, False, False, None)


def check_call(
    rules: Rules,
    rnd: Round,
    napoleon: str,
    napoleon_dealt: set[int] | None,
    napoleon_plays: Collection[int],
    discards: set[int] | None,
    rep: Reporter,
) -> bool:
    """NAP401: a call the rules do not allow; whether there was one."""
    call = rnd.call
    if call is None:
        return False
    faults = call_faults(rules, call.card.card, napoleon, napoleon_dealt, napoleon_plays, discards)
    for en, ja in faults:
        rep.add("NAP401", call.card.span, en, ja)
    return bool(faults)


def written_holder(rnd: Round, napoleon: str, players: Sequence[str]) -> Holder:
    """The sides as the ``adjutant`` line writes them, when the record cannot be
    trusted to tell (an illegal call): unknown without the line or with a name that
    is not a player (NOTATION.md v1.1 §3: never inferred from the illegal card)."""
    line = rnd.adjutant
    if line is None or (line.player is not None and line.player.name not in players):
        return Holder(None, False, False, None)
    name = line.player.name if line.player is not None else None
    alone = name is None or name == napoleon
    return Holder(None if alone else name, True, alone, None)


def call_faults(
    rules: Rules,
    c: int,
    napoleon: str,
    napoleon_dealt: Collection[int] | None,
    napoleon_plays: Collection[int],
    discards: Collection[int] | None,
) -> list[tuple[str, str]]:
    """What is wrong with calling ``c`` (English and Japanese), if anything: what
    Napoleon was dealt, played and discarded is as far as the record tells (None:
    unknown)."""
    if not rules.has_adjutant:
        return [
            (
                f"there is no adjutant with {rules.players} players: nothing may be called",
                f"{rules.players} 人では副官はいません（指定できません）",
            )
        ]
    text = CARD_TEXTS["unicode"][c]
    if c == JOKER and rules.jokers != 1:
        why = (
            "there is no joker in this deck"
            if rules.jokers == 0
            else "the joker may not be called with two jokers"
        )
        return [
            (
                f"{text} cannot be called: {why}",
                f"{text} は指定できない（ジョーカーが{'ない' if rules.jokers == 0 else '2枚'}）",
            )
        ]
    out = []
    if rules.call_timing == "after-exchange" and discards is not None and c in discards:
        out.append(
            (
                f"{napoleon} calls {text}, which was discarded (rule call-timing after-exchange)",
                f"{napoleon} が捨てた {text} を指定しました（`call-timing after-exchange`）",
            )
        )
    if rules.call_own_card == "forbidden":
        own = (
            (napoleon_dealt is not None and c in napoleon_dealt)
            if rules.call_timing == "before-exchange"
            else c in napoleon_plays
        )
        if own:
            out.append(
                (
                    f"{napoleon} calls {text} from their own hand (rule call-own-card forbidden)",
                    f"{napoleon} が自分の手札の {text} を指定しました（`call-own-card forbidden`）",
                )
            )
    return out


def check_adjutant_line(
    rnd: Round, napoleon: str, players: Sequence[str], holder: Holder, rep: Reporter
) -> None:
    """NAP402: the ``adjutant`` line against the holder found in the record (not for
    a name that is not a player: that is NAP103 alone)."""
    line = rnd.adjutant
    if line is None or not holder.known:
        return
    if line.player is not None and line.player.name not in players:
        return
    written = line.player.name if line.player is not None else None
    if written == napoleon:
        written = None
    if written != holder.adjutant:
        span = line.player.span if line.player is not None else line.meta.span
        truth = holder.adjutant or "none (Napoleon plays alone)"
        truth_ja = holder.adjutant or "なし（ナポレオンの独り立ち）"
        rep.add(
            "NAP402",
            span,
            f"adjutant {written or 'none'} is wrong: the called card's holder makes it {truth}",
            f"`adjutant {written or 'none'}` は誤りです。指定カードの持ち主からすると {truth_ja} です",
        )
