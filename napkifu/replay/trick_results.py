"""Turn seated, checked tricks into :class:`JudgedTrick` values, count the honors of
each side (claims and discarded honors included) and check ``result`` (NAP601) and
missing tricks (NAP502)."""

from __future__ import annotations

from collections.abc import Sequence

from napkifu.cards import CLUB_THREE, JOKER, Suit, card_text
from napkifu.model import Round
from napkifu.replay.adjutant import Holder
from napkifu.replay.report import Reporter
from napkifu.replay.results import JudgedPlay, JudgedTrick
from napkifu.replay.tricks import PlayCheck, SeatedTrick
from napkifu.rules.build import Rules

_REASONS: dict[str, tuple[str, str]] = {
    "mighty": ("mighty", "マイティ"),
    "yoromeki": ("yoromeki: ♥Q beats the mighty", "よろめき: ♥Q がマイティに勝つ"),
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


def _club_three_request(
    rules: Rules, t: SeatedTrick, players: Sequence[str], before: dict[str, tuple[int, ...]]
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
) -> tuple[tuple[JudgedTrick, ...], int | None, int | None]:
    side_known = holder.known
    nap_side = {napoleon} | ({holder.adjutant} if holder.adjutant else set())
    nap = allies = 0
    out: list[JudgedTrick] = []
    played_honors = 0
    first_winner_nap: bool | None = None
    for k, t in enumerate(seated):
        winner = players[t.winner]
        is_nap = winner in nap_side
        if first_winner_nap is None:
            first_winner_nap = is_nap
        played_honors += len(t.honors)
        if is_nap:
            nap += len(t.honors)
        else:
            allies += len(t.honors)
        win_card = t.cards[t.outcome.winner] if t.cards else JOKER
        reason, reason_ja = trick_reason(rules, t.outcome.ladder_class, win_card, trump)
        request = bool(t.cards) and (
            (t.cards[0] == JOKER and rules.joker_lead == "trump" and trump is not None)
            or _club_three_request(rules, t, players, check.holdings_before[k])
        )
        out.append(
            JudgedTrick(
                number=t.number,
                leader=players[t.leader],
                lead_suit=Suit(t.lead_suit) if t.lead_suit is not None else None,
                plays=tuple(
                    JudgedPlay(players[s], c, p.joker_suit, cls, p.span)
                    for s, c, p, cls in zip(
                        t.seats, t.cards, t.line.plays, t.outcome.classes, strict=False
                    )
                ),
                winner=winner,
                winning_class=t.outcome.ladder_class,
                reason=reason,
                reason_ja=reason_ja,
                honors=t.honors,
                winner_side=("napoleon" if is_nap else "allies") if side_known else None,
                honors_napoleon_after=nap if side_known else None,
                honors_allies_after=allies if side_known else None,
                holdings_before=check.holdings_before[k],
                legal=check.legal[k],
                joker_request=request,
                reversed_after=t.reversed_after,
                span=t.line.meta.span,
            )
        )
    if len(seated) < rules.tricks and rnd.claim is None:
        span = seated[-1].line.meta.span if seated else rnd.meta.span
        rep.add(
            "NAP502",
            span,
            f"only {len(seated)} of {rules.tricks} tricks are recorded and there is no claim",
            f"トリックが {len(seated)}/{rules.tricks} しかなく、claim もない",
        )
    if not side_known:
        return tuple(out), None, None
    total = rules.honors_total
    if discards is not None:
        d_options = [sum(1 for c in discards if c in rules.honor_cards)]
    elif complete:
        d_options = [total - played_honors]
    else:
        d_options = list(range(0, min(rules.widow_size, total - played_honors) + 1))
    possible: list[tuple[int, int]] = []
    for d in d_options:
        rest = max(0, total - played_honors - d)
        n_, a_ = nap, allies
        if rnd.claim is not None:
            if rnd.claim.side == "napoleon":
                n_ += rest
            else:
                a_ += rest
        credit = rules.discard_honors
        if credit == "napoleon" or (credit == "first-trick" and first_winner_nap):
            n_ += d
        elif credit == "allies" or credit == "first-trick":
            a_ += d
        possible.append((n_, a_))
    result = rnd.result
    if len(possible) == 1:
        n_, a_ = possible[0]
        if result is not None and result.honors != n_:
            rep.add(
                "NAP601",
                result.value_span,
                f"result {result.honors} disagrees with the play: Napoleon's side was "
                f"credited with {n_} honors",
                f"result {result.honors} がプレイと矛盾（ナポレオン軍の絵札は {n_} 枚）",
            )
        return tuple(out), n_, a_
    if result is None:
        rep.add(
            "NAP601",
            rnd.meta.span,
            "the record cannot determine the result (unknown discards): a result line is required",
            "捨て札が不明で結果を決められない: result 行が必要",
        )
        return tuple(out), None, None
    for n_, a_ in possible:
        if n_ == result.honors:
            return tuple(out), n_, a_
    lo, hi = min(p[0] for p in possible), max(p[0] for p in possible)
    rng = f"{lo}" if lo == hi else f"{lo} to {hi}"
    rep.add(
        "NAP601",
        result.value_span,
        f"result {result.honors} is impossible: Napoleon's side was credited with {rng} honors",
        f"result {result.honors} はありえない（{lo}〜{hi} 枚）",
    )
    return tuple(out), result.honors, None


__all__ = ["judged_tricks", "trick_reason"]
