"""One round of a full record proved clean without its model.

The replay engine (:mod:`napkifu.replay.round`) builds a round's model, spans and
all, so that it can say exactly where and why anything is wrong. A round that is
right needs none of that: here its lines are read by :class:`~napkifu.express.table.Table`,
its cards are ints, and the rule questions go to the very functions the engine
asks — the auction (:func:`~napkifu.replay.auction.run_auction`), the call
(:func:`~napkifu.replay.adjutant.call_faults`), the tricks
(:mod:`napkifu.express.tricks`), the honors credited for discards and the scores.
What is this module's own is the order of a round's lines and its bookkeeping: who
deals and bids first, who the adjutant turned out to be, which side took which
honors, the running totals.

It only ever says "clean" or gives up (:class:`~napkifu.express.table.NotClean`):
anything it does not cover — a deal written in part
(:mod:`napkifu.express.deal`), lines out of the usual order, a named joker suit —
and anything the engine would report, however small, sends the file down
the ordinary path, which then finds and explains it.
"""

from __future__ import annotations

from napkifu.cards import JOKER, UNKNOWN
from napkifu.express.deal import Deal, check_deal_played, read_deal
from napkifu.express.facts import FactRound, trick_facts
from napkifu.express.table import END, Line, NotClean, Table
from napkifu.express.tricks import play_tricks
from napkifu.express.veto import VETO
from napkifu.notation.values import bid_value, card_values, play_value
from napkifu.replay.adjutant import Holder, call_faults, holder_of
from napkifu.replay.auction import run_auction
from napkifu.replay.scoring import credited_honors, napoleon_wins, round_scores
from napkifu.replay.tricks import honor_count
from napkifu.replay.turns import dealer_in_turn, first_bidder


def judge_round(table: Table, lines: list[Line], at: int = 0) -> None:
    """Prove the round in ``lines`` (its ``round`` line first, on line ``at``) clean,
    carry its dealer, first bidder and scores on to the next, and keep its facts in
    ``table.facts`` if asked to; raise :class:`NotClean` if it is not clean."""
    rules, players = table.rules, table.players
    lines.append(END)  # so that looking one line past the last needs no bounds check
    number = int(table.match(lines[0], "round").group(2))
    if number != table.number + 1:
        raise NotClean
    table.number = number
    k = 1
    dealer = None
    if lines[k][0] == "dealer":
        dealer = players[table.seat_of(table.match(lines[k], "dealer").group(2))]
        if table.dealer is not None and not dealer_in_turn(
            players, table.dealer, dealer, table.redeal
        ):
            raise NotClean
        k += 1
    table.dealer = dealer
    deal, k = read_deal(table, lines, k)
    bids = table.bids(lines[k])  # (several bids lines continue one another)
    k += 1
    while lines[k][0] == "bids":
        bids = bids + table.bids(lines[k])
        k += 1
    named = bids[0].player.name if bids[0].player is not None else None
    table.first = first_bidder(players, dealer, named, table.first)
    auction = run_auction(rules, players, table.first, bids, VETO)
    table.redeal = auction.all_pass
    if auction.all_pass:
        if lines[k] != END:  # (not `is`: compiled, a tuple is not kept as the same object)
            raise NotClean
        if table.facts is not None:
            table.facts.rounds.append(
                FactRound(number, at, players, "redeal", dealer, bids, auction.bid_players)
            )
        return
    if not auction.finished or auction.napoleon is None or auction.count is None:
        raise NotClean
    napoleon, count = auction.napoleon, auction.count
    if lines[k][0] == "napoleon":
        m = table.match(lines[k], "napoleon")
        if players[table.seat_of(m.group(2))] != napoleon or bid_value(m.group(3)) != (
            count,
            auction.suit,
        ):
            raise NotClean
        k += 1
    trump = None if auction.suit is None else int(auction.suit)
    called = None
    if lines[k][0] == "call":
        called = play_value(table.match(lines[k], "call").group(2))[0]
        k += 1
    elif rules.has_adjutant:
        raise NotClean  # a played round names the called card
    written_adjutant: str | bool | None = False  # False: no adjutant line
    if lines[k][0] == "adjutant":
        raw = table.match(lines[k], "adjutant").group(2)
        written_adjutant = None if raw == "none" else players[table.seat_of(raw)]
        k += 1
    discards = None  # not written: what Napoleon discarded is what nobody played
    if lines[k][0] == "discard":
        discards = card_values(table.match(lines[k], "discard").group(2))
        if (
            len(discards) != rules.widow_size
            or len(set(discards)) != len(discards)
            or JOKER in discards
            or UNKNOWN in discards
        ):
            raise NotClean
        k += 1
    nap_seat = table.seat[napoleon]
    first_trick = k
    while lines[k][0] == "trick":
        k += 1
    played = k - first_trick
    claim = None
    if lines[k][0] == "claim":
        claim = table.match(lines[k], "claim").group(2)  # the side taking the rest
        k += 1
        if not 0 < played < rules.tricks:
            raise NotClean
    elif played != rules.tricks:
        raise NotClean
    complete = claim is None
    won, played_by, plays, seated = play_tricks(
        table, lines[first_trick : first_trick + played], nap_seat, trump, called, discards or []
    )
    check_deal_played(deal, nap_seat, plays, discards, rules.widow_size, complete)
    dealt = deal.dealt(nap_seat, plays[nap_seat], discards, complete)
    if called is not None and call_faults(
        rules, called, napoleon, dealt, plays[nap_seat], discards
    ):
        raise NotClean
    holder = _holder(deal, players, napoleon, called, played_by, discards, complete)
    adjutant, known, alone = holder.adjutant, holder.known, holder.alone
    if written_adjutant is not False:
        stated = None if written_adjutant == napoleon else written_adjutant
        if known and stated != adjutant:
            raise NotClean
        if not known:  # the record's word, as nothing else tells
            adjutant, alone = stated, stated is None  # type: ignore[assignment]
    elif not known:
        raise NotClean  # the record does not say who held the called card
    side = {nap_seat} if adjutant is None else {nap_seat, table.seat[adjutant]}
    honors = rules.honor_cards
    nap = allies = 0
    for winner, taken in won:
        if winner in side:
            nap += taken
        else:
            allies += taken
    if discards is not None:
        discarded = honor_count(discards, honors)
    elif complete:  # every honor not played was discarded
        discarded = rules.honors_total - nap - allies
    else:
        raise NotClean  # the honors a claim hands out depend on unknown discards
    nap, allies = credited_honors(rules, (nap, allies), discarded, claim, won[0][0] in side)
    if lines[k][0] == "result":
        if int(table.match(lines[k], "result").group(2)) != nap:
            raise NotClean
        k += 1
    win = napoleon_wins(rules, count, nap)
    scores = round_scores(rules, players, napoleon, adjutant, count, win, allies)
    computed = None if scores is None else [scores[p] for p in players]
    written = None
    if lines[k][0] == "score":
        written = table.points(lines[k], "score")
        if computed is not None and written != computed:
            raise NotClean
        k += 1
    add = written if written is not None else computed
    if add is not None:
        table.running = [a + b for a, b in zip(table.running, add)]  # noqa: B905 (n each)
    if lines[k][0] == "total":
        if table.points(lines[k], "total") != table.running:
            raise NotClean
        k += 1
    if lines[k] != END:
        raise NotClean
    if table.facts is not None:
        table.facts.rounds.append(
            FactRound(
                number, at, players, "full" if complete else "claim", dealer, bids,
                auction.bid_players, napoleon=napoleon, bid_count=count, trump=auction.suit,
                no_trump=trump is None, called=called, adjutant=adjutant,
                adjutant_known=True, alone=alone, honors_napoleon=nap, honors_allies=allies,
                win=win, twenty=nap == rules.honors_total, scores=scores,
                written_scores=None if written is None else dict(zip(players, written)),  # noqa: B905
                tricks=trick_facts(rules, players, seated, side), claim_side=claim,
            )
        )  # fmt: skip


def _holder(
    deal: Deal,
    players: tuple[str, ...],
    napoleon: str,
    called: int | None,
    played_by: int | None,
    discards: list[int] | None,
    complete: bool,
) -> Holder:
    """Who held the called card, as the engine decides it
    (:func:`napkifu.replay.adjutant.holder_of`) from what this round's record says."""
    if called is None:
        return Holder(None, True, True, None)  # three players: no adjutant
    owner = deal.owner(called)
    nap_seat = players.index(napoleon)
    set_aside = owner == nap_seat or called in (discards or ()) or called in (deal.widow or ())
    return holder_of(
        napoleon,
        None if owner is None or owner == nap_seat else players[owner],
        None if played_by is None else players[played_by],
        None,
        set_aside,
        complete,
    )
