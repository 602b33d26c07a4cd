"""Turn seated, checked tricks into :class:`JudgedTrick` values, count the honors of
each side (claims and discarded honors included) and check ``result`` (NAP601) and
missing tricks (NAP502)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter

from napkifu.cards import CLUB_THREE, JOKER, Suit, card_text
from napkifu.model import Round
from napkifu.replay.adjutant import Holder
from napkifu.replay.play_check import PlayCheck
from napkifu.replay.report import Reporter
from napkifu.replay.results import JudgedPlay, JudgedTrick, PlayedTrick
from napkifu.replay.scoring import credited_honors
from napkifu.replay.tricks import SeatedTrick
from napkifu.rules.build import Rules

SUIT_OF: dict[int | None, Suit | None] = {None: None, **{int(x): x for x in Suit}}

_REASONS: dict[str, tuple[str, str]] = {
    "mighty": ("mighty", "マイティ"),
    "joker-follow": ("joker", "ジョーカー"),
    "trump-jack": ("trump-jack", "正ジャック"),
    "back-jack": ("back-jack", "裏ジャック"),
    "same-two": ("same-two", "セイムツー"),
}


def trick_reason(rules: Rules, cls: str | None, card: int, trump: int | None) -> tuple[str, str]:
    """Why a trick was won, in the game's words (English, Japanese)."""
    key = ("reason", cls, card, trump)
    got = rules.cache.get(key)
    if got is None:
        got = rules.cache[key] = _reason(rules, cls, card, trump)
    return got  # type: ignore[return-value]


def _reason(rules: Rules, cls: str | None, card: int, trump: int | None) -> tuple[str, str]:
    if cls == "yoromeki":  # (the card of rule yoromeki-card)
        yo = card_text(rules.yoromeki_card)
        return f"yoromeki: {yo} beats the mighty", f"よろめき: {yo} がマイティに勝つ"
    if cls in _REASONS:
        return _REASONS[cls]
    text = card_text(card)
    if cls == "joker-lead" or (cls is None and card == JOKER):
        if rules.joker_lead == "trump" and trump is not None:
            return "joker trump request", "ジョーカーの切り札請求"
        return "led joker", "リードのジョーカー"
    if cls == "trump":
        return f"highest trump {text}", f"切り札の最上位 {text}"
    if cls == "lead":
        return f"highest of the lead suit {text}", f"台札の最上位 {text}"
    return f"lead {text}", f"台札 {text}"


def played_tricks(players: Sequence[str], seated: Sequence[SeatedTrick]) -> tuple[PlayedTrick, ...]:
    """Each seated trick's leader, seats and cards in the order played (a joker's
    named suit when one is played), winner and honors: what the seating has computed
    already, kept at every detail (the season's round-level tables need no more)."""
    return tuple(
        [
            PlayedTrick(
                t.number,
                players[t.leader],
                t.seats,
                tuple(t.cards),
                tuple(map(_NAMED, t.line.plays)) if JOKER in t.cards else (),
                players[t.winner],
                t.honors,
            )
            for t in seated
        ]
    )


_NAMED = attrgetter("joker_suit")


def _club_three_request(
    rules: Rules, t: SeatedTrick, players: Sequence[str], before: Mapping[str, tuple[int, ...]]
) -> bool:
    """Whether a ♣3 joker request was active: ♣3 led (``lead``) or played (``played``)
    and a player after it in the trick still held a joker — not once the joker is
    gone, nor when only the ♣3 player holds it (seed 002)."""
    if rules.joker_request == "off" or CLUB_THREE not in t.cards:
        return False
    at = t.cards.index(CLUB_THREE)
    if rules.joker_request == "lead" and at != 0:
        return False
    return any(JOKER in before.get(players[s], ()) for s in t.seats[at + 1 :])


def _build(
    rules: Rules,
    players: Sequence[str],
    seated: Sequence[SeatedTrick],
    check: PlayCheck,
    running: list[tuple[bool, int, int]] | None,
    trump: int | None,
) -> tuple[JudgedTrick, ...]:
    """The :class:`JudgedTrick` values (``running``: sides and honors after each trick,
    None when the adjutant is unknown)."""
    out: list[JudgedTrick] = []
    trump_request = rules.joker_lead == "trump" and trump is not None
    per_trick = check.holdings_before(players, seated)
    for k, t in enumerate(seated):
        before = per_trick[k]
        cards = t.cards
        outcome = t.outcome
        win_card = cards[outcome.winner] if cards else JOKER
        reason, reason_ja = trick_reason(rules, outcome.ladder_class, win_card, trump)
        request = bool(cards) and (
            (trump_request and cards[0] == JOKER) or _club_three_request(rules, t, players, before)
        )
        side = running[k] if running is not None else None
        out.append(
            JudgedTrick(
                t.number,
                players[t.leader],
                SUIT_OF[t.lead_suit],
                tuple(
                    [
                        JudgedPlay(players[s], c, p.joker_suit, cls, p.span)
                        for s, c, p, cls in zip(
                            t.seats, cards, t.line.plays, outcome.classes, strict=False
                        )
                    ]
                ),
                players[t.winner],
                outcome.ladder_class,
                reason,
                reason_ja,
                t.honors,
                None if side is None else ("napoleon" if side[0] else "allies"),
                None if side is None else side[1],
                None if side is None else side[2],
                before,
                check.legal(rules, players, t, trump, before),
                request,
                t.reversed_after,
                t.line.meta.span,
            )
        )
    return tuple(out)


def judged_tricks(
    rules: Rules,
    players: Sequence[str],
    seated: Sequence[SeatedTrick],
    check: PlayCheck,
    napoleon: str,
    holder: Holder,
    trump: int | None,
    rnd: Round,
    discards: list[int] | None,
    complete: bool,
    rep: Reporter,
    lost: bool = False,
    detail: bool = True,
) -> tuple[tuple[JudgedTrick, ...], int | None, int | None]:
    """The judged tricks (none without ``detail``: ``check`` wants the verdict only), and
    the honors of Napoleon's side and
    of the allies (None when the record cannot tell); reports NAP502 and NAP601."""
    side_known = holder.known
    nap_side = {napoleon} | ({holder.adjutant} if holder.adjutant else set())
    nap = allies = 0
    first_winner_nap = bool(seated) and players[seated[0].winner] in nap_side
    running: list[tuple[bool, int, int]] = []  # per trick: won by Napoleon's side, totals
    keep = running.append if detail else None  # (only the judged tricks read them)
    for t in seated:
        honors = len(t.honors)
        if players[t.winner] in nap_side:
            nap += honors
            if keep is not None:
                keep((True, nap, allies))
        else:
            allies += honors
            if keep is not None:
                keep((False, nap, allies))
    played_honors = nap + allies
    out = (
        _build(rules, players, seated, check, running if side_known else None, trump)
        if detail
        else ()
    )
    if lost:
        # Lines of the round were lost to syntax errors, or a trick is unknown (its
        # count of cards is wrong), both already reported: a missing trick, claim or
        # discard may be among them, so neither the count of tricks nor the honors
        # they hold can be judged; the written result stands.
        result = rnd.result
        return out, (result.honors if result is not None else None), None
    if len(seated) < rules.tricks and rnd.claim is None:
        span = seated[-1].line.meta.span if seated else rnd.meta.span
        rep.add(
            "NAP502",
            span,
            f"only {len(seated)} of {rules.tricks} tricks are recorded and there is no claim",
            f"トリックが {len(seated)}/{rules.tricks} しかなく、`claim` 行もありません",
        )
    if not side_known:
        return out, None, None
    total = rules.honors_total
    if discards is not None:
        d_options = [sum(map(rules.honor_cards.__contains__, discards))]
    elif complete:
        d_options = [total - played_honors]
    else:
        d_options = list(range(0, min(rules.widow_size, total - played_honors) + 1))
    claim = rnd.claim.side if rnd.claim is not None else None
    possible = [
        credited_honors(rules, (nap, allies), d, claim, first_winner_nap) for d in d_options
    ]
    result = rnd.result
    if len(possible) == 1:
        n_, a_ = possible[0]
        if result is not None and result.honors is not None and result.honors != n_:
            rep.add(
                "NAP601",
                result.value_span,
                f"result {result.honors} disagrees with the play: Napoleon's side was "
                f"credited with {n_} honors",
                f"`result {result.honors}` がプレイと矛盾しています（ナポレオン軍の絵札は {n_} 枚）",
            )
        return out, n_, a_
    if not possible:
        # More honors played than the deck holds: a card was played twice, which is
        # reported (NAP503) where it happens; the honor count proves nothing more.
        return out, result.honors if result is not None else None, None
    if result is None or result.honors is None:  # (v1.1 `result win`: the outcome only)
        if result is not None:
            return out, None, None
        rep.add(
            "NAP601",
            rnd.meta.span,
            "the record cannot determine the result (unknown discards): a result line is required",
            "捨て札が不明で結果を決められません。`result` 行が必要です",
        )
        return out, None, None
    for n_, a_ in possible:
        if n_ == result.honors:
            return out, n_, a_
    lo, hi = min(p[0] for p in possible), max(p[0] for p in possible)
    rng = f"{lo}" if lo == hi else f"{lo} to {hi}"
    rep.add(
        "NAP601",
        result.value_span,
        f"result {result.honors} is impossible: Napoleon's side was credited with {rng} honors",
        f"`result {result.honors}` はありえません（{lo}〜{hi} 枚）",
    )
    return out, result.honors, None


__all__ = ["judged_tricks", "played_tricks", "trick_reason"]
