"""One round from deal to score: the replay state machine.

deal → auction → call → exchange → tricks → result → score. Each stage reports
what it can prove and hands on what it knows, so a problem early in a round never
hides a later one that can still be judged.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from napkifu.cards import JOKER, UNKNOWN, card_text
from napkifu.model import Round, Span
from napkifu.replay.adjutant import (
    check_adjutant_line,
    check_call,
    find_holder,
    written_holder,
)
from napkifu.replay.auction import AuctionResult, bid_in_range, run_auction
from napkifu.replay.deal import check_deal, check_widow, hand_consistency, start_holdings
from napkifu.replay.play_check import check_plays
from napkifu.replay.report import Reporter, bid_text
from napkifu.replay.reread import Tries, reread
from napkifu.replay.results import JudgedRound, RoundKind
from napkifu.replay.scoring import round_scores
from napkifu.replay.sheet import check_result, check_score, shutout_unknown
from napkifu.replay.trick_results import SUIT_OF, judged_tricks, played_tricks
from napkifu.replay.tricks import by_seat_getters, seat_tricks, split_unknown_tricks
from napkifu.rules.build import Rules


class RoundIdentity(TypedDict):
    """What every judged round says of itself, judged or not."""

    game: int
    number: int
    players: tuple[str, ...]
    dealer: str | None
    first_bidder: str | None
    bid_players: tuple[str | None, ...]
    source: Round
    span: Span


@dataclass(slots=True)
class RoundContext:
    """What a round is judged with that its own lines do not say: the game's rules,
    players and seats."""

    rules: Rules
    players: tuple[str, ...]
    file: str
    game: int
    first_bidder: int  # seat, already resolved by the game
    dealer: str | None
    detail: bool = True  # build the judged tricks (False: the verdict only, for check)
    first_named: bool = False  # who bids first rests on one written name (a prefix, a dealer)
    tries: Tries | None = None  # the game's re-readings left (napkifu.replay.reread)
    facts: bool = True  # the played tricks and dealt hands (False: check reads neither)


def _after_bids_lines(rnd: Round) -> list[Span]:
    spans = [
        x.meta.span
        for x in (
            rnd.napoleon,
            rnd.call,
            rnd.adjutant,
            rnd.discard,
            rnd.claim,
            rnd.result,
            rnd.score,
            rnd.total,
        )
        if x is not None
    ]
    spans += [t.meta.span for t in rnd.tricks]
    return sorted(spans, key=lambda s: (s.line, s.column))


def judge_round(ctx: RoundContext, rnd: Round) -> JudgedRound:
    """The round judged as written, or with one line re-read (a trick in the order
    played, the `napoleon` line, the first bidder) when that alone makes it
    consistent (:mod:`napkifu.replay.reread`)."""
    judged = judge_as_written(ctx, rnd)
    if not judged.has_errors:
        return judged

    def judge(again: Round, detail: bool, first: int | None) -> JudgedRound:
        seat = ctx.first_bidder if first is None else first
        return judge_as_written(dataclasses.replace(ctx, detail=detail, first_bidder=seat), again)

    rep = Reporter(ctx.file, ctx.game, rnd.number)
    return reread(rnd, judged, judge, rep, ctx.first_named, ctx.tries)


def judge_as_written(ctx: RoundContext, rnd: Round) -> JudgedRound:
    rules, players = ctx.rules, ctx.players
    rep = Reporter(ctx.file, ctx.game, rnd.number)
    n = len(players)
    bids = rnd.all_bids
    auction = run_auction(rules, players, ctx.first_bidder, bids, rep) if bids else AuctionResult()
    base = RoundIdentity(
        game=ctx.game,
        number=rnd.number,
        players=players,
        dealer=ctx.dealer,
        first_bidder=players[ctx.first_bidder % n] if n else None,
        bid_players=auction.bid_players,
        source=rnd,
        span=rnd.meta.span,
    )
    if auction.all_pass:
        check_deal(rules, rnd, None, rep)
        after = _after_bids_lines(rnd)
        if after:
            rep.add(
                "NAP304",
                after[0],
                "everybody passed (a redeal): nothing may follow the bids",
                "全員パス（配り直し）の後に行があります",
            )
        return unjudged_round(base, "redeal", rep)
    if bids and not auction.finished:
        last = rnd.bids[-1]
        rep.add("NAP304", last.meta.span, "the auction is unfinished", "競りが終わっていません")
    napoleon, count, suit = auction.napoleon, auction.count, auction.suit
    bid_known = True  # an impossible bid proves nothing about who won or the scores
    if rnd.napoleon is not None:
        line = rnd.napoleon
        w = line.bid
        if napoleon is not None and auction.finished:
            if line.player.name != napoleon or w.count != count or w.suit != suit:
                rep.add(
                    "NAP305",
                    line.meta.span,
                    f"napoleon {line.player.name} {bid_text(w.count or 0, w.suit)} "
                    f"disagrees with the auction, won by {napoleon} with "
                    f"{bid_text(count or 0, suit)}",
                    f"`napoleon` 行が競りと矛盾しています（競りの勝者は {napoleon} "
                    f"{bid_text(count or 0, suit)}）",
                )
        else:  # no finished auction: the napoleon line says who won it
            napoleon, count, suit = line.player.name, w.count, w.suit
            if count is not None and not bid_in_range(rules, count, suit):
                rep.add(
                    "NAP301",
                    w.span,
                    f"bid {bid_text(count, suit)} is out of range "
                    f"({rules.min_bid}–{rules.max_bid}"
                    f"{', no-trump allowed' if rules.no_trump else ', no no-trump'})",
                    f"ビッド {bid_text(count, suit)} が範囲外",
                )
                bid_known = False
    if napoleon not in players or count is None:
        return unjudged_round(base, "score-sheet" if not rnd.tricks else "full", rep)
    trump = None if suit is None else int(suit)
    check_deal(rules, rnd, napoleon, rep, players)
    nap_seat = players.index(napoleon)
    # (a name not among the players is NAP103's; no comprehension for a round without hands)
    hands = {h.player.name: h for h in rnd.hands if h.player.name in players} if rnd.hands else {}
    widow = {r.card for r in rnd.widow.cards if r.card != UNKNOWN} if rnd.widow else None
    widow_list = [r.card for r in rnd.widow.cards] if rnd.widow else None
    widow_known = widow_list is not None and UNKNOWN not in widow_list
    discard_list = [r.card for r in rnd.discard.cards] if rnd.discard else None
    discards = {c for c in discard_list if c != UNKNOWN} if discard_list is not None else None
    called = rnd.call.card.card if rnd.call else None
    # card → the seat whose given hand holds it (a later hand wins), None: no given hand
    owners: list[int | None] | None = [None] * (UNKNOWN + 1) if hands else None
    for name, h in hands.items():  # (every name of ``hands`` is a player's)
        seat = players.index(name)
        for r in h.cards:
            if r.card < JOKER:
                owners[r.card] = seat  # type: ignore[index]
    readable, unknown = split_unknown_tricks(rules, n, rnd.tricks, rep)
    lost = tuple(sorted((*rnd.lost_lines, *unknown))) if unknown or rnd.lost_lines else ()
    seated = seat_tricks(rules, players, readable, nap_seat, trump, rep, owners, lost)
    # (every readable trick has its n cards, so complete play is every trick seated)
    complete = len(seated) == rules.tricks
    by_seat = by_seat_getters(n)
    # (each seat's cards in the order of the tricks, as zip gives them; no trick seated: none)
    plays: dict[int, tuple[int, ...]] = (
        dict(enumerate(zip(*[by_seat[t.seats](t.cards) for t in seated], strict=True)))
        if seated
        else dict.fromkeys(range(n), ())
    )
    good_hands = (
        hand_consistency(
            rules,
            players,
            napoleon,
            hands,
            plays,
            widow_list,
            discard_list,
            complete and rnd.claim is None,
            rep,
        )
        if rnd.tricks and hands  # (no given hand: nothing to check, none good)
        else {}
    )
    known_hands = {name: {r.card for r in h.cards} for name, h in hands.items()} if hands else {}
    if rnd.widow is not None and rnd.tricks:
        check_widow(players, napoleon, rnd.widow.cards, plays, rep)
    nap_dealt = known_hands.get(napoleon)
    if nap_dealt is None and widow_known and rnd.tricks and complete:
        # An unknown widow card (?) may be any card Napoleon played: no evidence then.
        nap_dealt = (set(plays[nap_seat]) | (discards or set())) - (widow or set())
    illegal = check_call(rules, rnd, napoleon, nap_dealt, plays[nap_seat], discards, rep)
    if illegal and rules.has_adjutant:
        holder = written_holder(rnd, napoleon, players)
    else:
        holder = find_holder(
            rules,
            players,
            napoleon,
            called,
            known_hands,
            seated if rnd.tricks else (),
            widow,
            discards,
            complete if rnd.tricks else False,
        )
        check_adjutant_line(rnd, napoleon, players, holder, rep)
        if not holder.known and rules.has_adjutant:
            revealed = holder.revealed_at
            holder = written_holder(rnd, napoleon, players)
            holder.revealed_at = revealed
    # (a trick that could not be read may have told: then nothing is missing)
    if not (holder.known or illegal or lost) and rnd.tricks and rnd.claim and rnd.adjutant is None:
        rep.add(
            "NAP402",
            rnd.meta.span,
            "the record does not tell who holds the called card: an adjutant line is required",
            "指定カードの持ち主が記録から分かりません。`adjutant` 行が必要です",
        )
    jt = None
    honors_nap = honors_all = None
    if rnd.tricks:
        # After an unknown or lost trick a given hand no longer tells what its player holds
        # (any of its cards may be the one played there): later play alone is proof.
        given = good_hands if not lost else {}
        start = start_holdings(players, plays, given, napoleon, widow, discard_list)
        check = check_plays(
            rules, players, seated, start, trump, nap_seat, discard_list or (), rep, owners
        )
        jt, honors_nap, honors_all = judged_tricks(
            rules,
            players,
            seated,
            check,
            napoleon,
            holder,
            trump,
            rnd,
            discard_list,
            complete,
            rep,
            bool(lost),
            detail=ctx.detail,
        )
    elif rnd.result is not None and rnd.result.honors is not None:
        honors_nap = rnd.result.honors
        d = sum(map(rules.honor_cards.__contains__, discards or ()))
        honors_all = rules.honors_total - honors_nap - (d if rules.discard_honors == "void" else 0)
    if rnd.tricks and rnd.result is not None and honors_nap is None:
        honors_nap = rnd.result.honors
    win = check_result(rules, rnd, count, honors_nap, rep) if bid_known else None
    scores = None
    if win is not None and holder.known:
        scores = round_scores(rules, players, napoleon, holder.adjutant, count, win, honors_all)
        # `result lose` alone cannot tell a shutout (v1.1 §1): that part is not judged
        if scores is not None and rules.double_shutout and not win and honors_all is None:
            scores = shutout_unknown(rnd, scores, honors_nap, rep)
    written = check_score(rnd, scores, players, rep)
    kind: RoundKind = (
        "score-sheet" if not rnd.tricks else ("claim" if rnd.claim is not None else "full")
    )
    return JudgedRound(
        kind=kind,
        napoleon=napoleon,
        bid_count=count,
        trump=SUIT_OF[trump],  # (calling the enum costs ~30 times the look-up)
        no_trump=trump is None,
        called=called,
        adjutant=holder.adjutant if rules.has_adjutant else None,
        adjutant_known=holder.known,
        alone=holder.alone,
        adjutant_revealed_at=holder.revealed_at,
        honors_napoleon=honors_nap,
        honors_allies=honors_all,
        win=win,
        twenty=honors_nap == rules.honors_total,
        scores=scores,
        written_scores=written,
        written_totals={e.player.name: e.points for e in rnd.total.entries} if rnd.total else None,
        tricks=jt or (),
        discards=tuple(discard_list or ()),
        widow=tuple(widow_list) if widow_list is not None else (),  # (the widow line's cards)
        hands=_hands(players, hands, plays, complete, napoleon, discard_list, widow_list)
        if ctx.facts and (rnd.tricks or hands)
        else None,
        diagnostics=tuple(rep.items),
        played=played_tricks(players, seated) if ctx.facts else (),
        **base,
    )  # type: ignore[arg-type]


def _hands(
    players: Sequence[str],
    hands: dict,
    plays: dict[int, tuple[int, ...]],
    complete: bool,
    napoleon: str,
    discards: list[int] | None,
    widow: list[int] | None,
) -> dict[str, tuple[int, ...]]:
    """Dealt hands when known: given, or (complete play) the cards played; Napoleon's
    also took the widow, so hers is her play and discards minus a fully known widow."""
    out: dict[str, tuple[int, ...]] = {}
    for s, p in enumerate(players):
        if p in hands:
            out[p] = tuple(r.card for r in hands[p].cards)
        elif complete and p != napoleon:
            out[p] = tuple(sorted(plays.get(s, ())))
        elif (
            complete
            and discards is not None
            and widow is not None
            and UNKNOWN not in (discards + widow)
        ):
            dealt = Counter(plays.get(s, ())) + Counter(discards)
            dealt.subtract(widow)
            if all(v >= 0 for v in dealt.values()):
                out[p] = tuple(sorted(dealt.elements()))
    return out


def unjudged_round(base: RoundIdentity, kind: RoundKind, rep: Reporter) -> JudgedRound:
    """A round whose play could not be judged (a redeal, no Napoleon, an internal
    error): its identity (``base``: game, number, players, dealer, first bidder,
    bid players, source, span), what it wrote, and its diagnostics; no verdict."""
    rnd: Round = base["source"]
    return JudgedRound(
        kind=kind,
        napoleon=None,
        bid_count=None,
        trump=None,
        no_trump=False,
        called=None,  # type: ignore[arg-type]
        adjutant=None,
        adjutant_known=False,
        alone=False,
        adjutant_revealed_at=None,
        honors_napoleon=None,
        honors_allies=None,
        win=None,
        twenty=False,
        scores=None,
        written_scores={e.player.name: e.points for e in rnd.score.entries} if rnd.score else None,
        written_totals={e.player.name: e.points for e in rnd.total.entries} if rnd.total else None,
        tricks=(),
        discards=(),
        widow=(),
        hands=None,
        diagnostics=tuple(rep.items),
        **base,
    )


__all__ = ["JOKER", "RoundContext", "card_text", "judge_round", "unjudged_round"]
