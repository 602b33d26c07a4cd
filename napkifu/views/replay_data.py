"""The replay of a judged round as plain JSON-able data.

One shape feeds every replay view: the terminal renderer, the step mode,
``napkifu replay --format json`` and the dashboard. It is built only from what
the engine judged (:mod:`napkifu.replay.results`), so a view can never disagree
with ``napkifu check``. The shape is fixed by ``replay.schema.json`` beside this
module; fields may be added, never renamed or removed.

Cards appear as objects carrying both their text (``"♠A"``, ``"SA"``) and a
machine form (``id`` as in :mod:`napkifu.cards`, ``suit`` letter, ``rank``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from napkifu.cards import UNKNOWN, Card, Suit, card_text, cards_text, is_honor, rank_of, suit_of
from napkifu.diagnostics import Diagnostic
from napkifu.replay.results import JudgedGame, JudgedRound, JudgedTrick, Judgement

FORMAT = "napkifu-replay"
VERSION = 1

Json = dict[str, Any]


def card_json(card: Card) -> Json:
    """A card in both forms: text for people (``♠A``; ``JK``; ``?``), and for
    programs its id (:mod:`napkifu.cards`), suit letter and rank (null for a joker)."""
    return _CARDS[card]


def _card_object(card: Card) -> Json:
    suit = suit_of(card)
    return {
        "id": card,
        "text": card_text(card),
        "suit": suit.letter if suit is not None else None,
        "rank": rank_of(card) or None,
    }


# Built once: a replay holds thousands of cards, and sharing the objects keeps
# building it cheap (consumers must not mutate them).
_CARDS: dict[Card, Json] = {c: _card_object(c) for c in range(UNKNOWN + 1)}


def cards_json(cards: tuple[Card, ...] | list[Card]) -> list[Json]:
    return [card_json(c) for c in cards]


def _suit(suit: Suit | None) -> str | None:
    return suit.letter if suit is not None else None


def hand_json(cards: tuple[Card, ...] | list[Card]) -> Json:
    """A hand (or any set of cards held): its text as ``fmt`` groups it
    (``♠A K 3 ♥J``) and the sorted card ids. Hands repeat at every card of a
    replay, so they stay two values rather than one object per card."""
    ids = sorted(cards)
    return {"text": cards_text(ids), "cards": ids}


def _hands(hands: Mapping[str, tuple[Card, ...]] | None, order: tuple[str, ...]) -> Json | None:
    """Hands keyed by player in seat order (a player the engine left out is omitted)."""
    if hands is None:
        return None
    return {p: hand_json(hands[p]) for p in order if p in hands}


def diagnostic_json(d: Diagnostic) -> Json:
    """``check --format json``'s object plus the Japanese message when written."""
    return d.to_json() | {"message_ja": d.message_ja}


def bid_text(count: int | None, suit: Suit | None) -> str:
    """``14♠``, ``12NT``; ``pass`` for no count."""
    if count is None:
        return "pass"
    return f"{count}{suit.symbol if suit is not None else 'NT'}"


def _honor_total(game: JudgedGame) -> int:
    """Honors in the deck (20, or 24 with ``honor-threes``), as the rules count them."""
    total = getattr(game.rules, "honors_total", None)
    return total if isinstance(total, int) else sum(1 for c in range(52) if is_honor(c))


def _tricks_total(game: JudgedGame) -> int | None:
    """Tricks in a round (= cards per hand): how many cards a complete holding has."""
    tricks = getattr(game.rules, "tricks", None)
    return tricks if isinstance(tricks, int) else None


def _auction(rnd: JudgedRound) -> list[Json]:
    bids = rnd.source.all_bids
    players = list(rnd.bid_players) + [None] * (len(bids) - len(rnd.bid_players))
    out = []
    for bid, player in zip(bids, players, strict=True):
        name = player or (bid.player.name if bid.player else None)
        out.append(
            {
                "player": name,
                "pass": bid.is_pass,
                "count": bid.count,
                "suit": _suit(bid.suit),
                "no_trump": bid.count is not None and bid.suit is None,
                "text": bid_text(bid.count, bid.suit),
            }
        )
    return out


def _contract(rnd: JudgedRound) -> Json | None:
    if rnd.napoleon is None or rnd.bid_count is None:
        return None
    bid = bid_text(rnd.bid_count, None if rnd.no_trump else rnd.trump)
    called = card_json(rnd.called) if rnd.called is not None else None
    return {
        "napoleon": rnd.napoleon,
        "count": rnd.bid_count,
        "trump": None if rnd.no_trump else _suit(rnd.trump),
        "no_trump": rnd.no_trump,
        "bid_text": bid,
        "text": f"{rnd.napoleon} {bid}",
        "called": called,
    }


def _sides(rnd: JudgedRound) -> Json:
    """Who played on which side; the allies are None while the adjutant is unknown."""
    if rnd.napoleon is None:
        return {"napoleon": [], "allies": None}
    side = [rnd.napoleon]
    if rnd.adjutant and not rnd.alone and rnd.adjutant != rnd.napoleon:
        side.append(rnd.adjutant)
    known = rnd.alone or rnd.adjutant_known or rnd.adjutant is not None
    allies = [p for p in rnd.players if p not in side] if known else None
    return {"napoleon": side, "allies": allies}


def _annotations(rnd: JudgedRound, number: int) -> list[str | None]:
    for line in rnd.source.tricks:
        if line.number == number:
            return [p.annotation for p in line.plays]
    return []


def _trick(rnd: JudgedRound, t: JudgedTrick, diags: list[Diagnostic]) -> Json:
    notes = _annotations(rnd, t.number)
    revealed = rnd.adjutant_revealed_at
    plays = []
    for i, p in enumerate(t.plays):
        plays.append(
            {
                "player": p.player,
                "card": card_json(p.card),
                "joker_suit": _suit(p.joker_suit),
                "class": p.ladder_class,
                "wins": p.player == t.winner,
                "reveals_adjutant": rnd.called is not None
                and p.card == rnd.called
                and revealed == t.number,
                "annotation": notes[i] if i < len(notes) else None,
                "line": p.span.line or None,
            }
        )
    return {
        "number": t.number,
        "leader": t.leader,
        "lead_suit": _suit(t.lead_suit),
        "plays": plays,
        "winner": t.winner,
        "winning_class": t.winning_class,
        "reason": t.reason,
        "reason_ja": t.reason_ja,
        "honors": cards_json(t.honors),
        "winner_side": t.winner_side,
        "honors_napoleon_after": t.honors_napoleon_after,
        "honors_allies_after": t.honors_allies_after,
        # The table learns who the adjutant is (or that Napoleon is alone) when
        # the called card is played; before that, the sides are hidden knowledge.
        "adjutant_public": rnd.called is None or (revealed is not None and t.number >= revealed),
        "holdings_before": _hands(t.holdings_before, rnd.players),
        "legal": _hands(t.legal, rnd.players),
        "joker_request": t.joker_request,
        "reversed_after": t.reversed_after,
        "line": t.span.line or None,
        "diagnostics": [diagnostic_json(d) for d in diags],
    }


def _steps(tricks: list[Json], start_napoleon: int | None, start_allies: int | None) -> list[Json]:
    """The state after every card, as the change it makes: who played what from
    which legal cards, the hand left, and (when the trick completes) its winner
    and the running honors. The whole table at any step is the trick's
    ``holdings_before`` and ``plays`` up to ``index`` (:func:`table_at`); repeating
    every hand at every card would multiply the size of a replay by ten."""
    steps: list[Json] = []
    nap, allies = start_napoleon, start_allies
    for t in tricks:
        holding = t["holdings_before"]
        hands = {p: list(h["cards"]) for p, h in holding.items()} if holding is not None else {}
        legal = t["legal"]
        for i, play in enumerate(t["plays"]):
            who, card = play["player"], play["card"]
            hand = hands.get(who)
            if hand is not None and card["id"] in hand:
                hand.remove(card["id"])  # one copy: two jokers are one card twice
            complete = i == len(t["plays"]) - 1
            if complete:
                nap, allies = t["honors_napoleon_after"], t["honors_allies_after"]
            steps.append(
                {
                    "trick": t["number"],
                    "index": i,
                    "player": who,
                    "card": card,
                    "legal": legal.get(who) if legal is not None else None,
                    "hand": hand_json(hand) if hand is not None else None,
                    "complete": complete,
                    "winner": t["winner"] if complete else None,
                    "winning_class": t["winning_class"] if complete else None,
                    "honors_napoleon": nap,
                    "honors_allies": allies,
                }
            )
    return steps


def table_at(replay: Json, step: int) -> Json:
    """The whole table after ``replay["steps"][step]``: the trick, the cards on
    it with their players, and every hand (None when the record does not let the
    engine know them)."""
    s = replay["steps"][step]
    trick = next(t for t in replay["tricks"] if t["number"] == s["trick"])
    on_table = trick["plays"][: s["index"] + 1]
    hands = None
    if trick["holdings_before"] is not None:
        left = {p: list(h["cards"]) for p, h in trick["holdings_before"].items()}
        for play in on_table:
            if play["card"]["id"] in left.get(play["player"], []):
                left[play["player"]].remove(play["card"]["id"])
        hands = {p: hand_json(cs) for p, cs in left.items()}
    return {
        "trick": s["trick"],
        "cards": [{"player": p["player"], "card": p["card"]} for p in on_table],
        "hands": hands,
        "step": s,
    }


def _starting_honors(rnd: JudgedRound) -> tuple[int | None, int | None]:
    """Running honors before trick 1: the first trick's count minus what it captured."""
    if not rnd.tricks:
        return None, None
    first = rnd.tricks[0]
    nap, allies = first.honors_napoleon_after, first.honors_allies_after
    n = len(first.honors)
    if first.winner_side == "napoleon" and nap is not None:
        nap -= n
    elif first.winner_side == "allies" and allies is not None:
        allies -= n
    return nap, allies


def replay_round(game: JudgedGame, rnd: JudgedRound) -> Json:
    """Everything a replay of ``rnd`` shows, as JSON-able data (see the schema)."""
    by_trick: dict[int, list[Diagnostic]] = {}
    round_diags: list[Diagnostic] = []
    numbers = {t.number for t in rnd.tricks}
    for d in rnd.diagnostics:
        if d.trick is not None and d.trick in numbers:
            by_trick.setdefault(d.trick, []).append(d)
        else:
            round_diags.append(d)
    tricks = [_trick(rnd, t, by_trick.get(t.number, [])) for t in rnd.tricks]
    total = _honor_total(game)
    claim = rnd.source.claim
    return {
        "game": rnd.game,
        "round": rnd.number,
        "kind": rnd.kind,
        "title": game.title,
        "preset": game.preset,
        "players": list(rnd.players),
        "dealer": rnd.dealer,
        "first_bidder": rnd.first_bidder,
        "auction": _auction(rnd),
        "contract": _contract(rnd),
        "adjutant": {
            "player": rnd.adjutant,
            "known": rnd.adjutant_known,
            "alone": rnd.alone,
            "revealed_at": rnd.adjutant_revealed_at,
        },
        "sides": _sides(rnd),
        "hands": _hands(rnd.hands, rnd.players),
        "widow": cards_json(rnd.widow),
        "discards": cards_json(rnd.discards),
        "honor_total": total,
        "tricks_total": _tricks_total(game),
        "tricks": tricks,
        "steps": _steps(tricks, *_starting_honors(rnd)),
        "claim": claim.side if claim is not None else None,
        "result": {
            "honors_napoleon": rnd.honors_napoleon,
            "honors_allies": rnd.honors_allies,
            "needed_napoleon": rnd.bid_count,
            "needed_allies": total - rnd.bid_count + 1 if rnd.bid_count is not None else None,
            "win": rnd.win,
            "twenty": rnd.twenty,
            "scores": rnd.scores,
            "written_scores": rnd.written_scores,
            "written_totals": rnd.written_totals,
        },
        "line": rnd.span.line or None,
        "diagnostics": [diagnostic_json(d) for d in round_diags],
    }


def _game_json(game: JudgedGame, rounds: list[Json]) -> Json:
    return {
        "number": game.number,
        "title": game.title,
        "date": game.date,
        "place": game.place,
        "tags": dict(game.tags),
        "players": list(game.players),
        "preset": game.preset,
        "diagnostics": [diagnostic_json(d) for d in game.diagnostics],
        "rounds": rounds,
    }


def replay_file(judgement: Judgement, game: int | None = None, round: int | None = None) -> Json:
    """The replay of every round in ``judgement`` (or of game ``game``, round
    ``round``: numbers as written in the record). Raises LookupError naming what
    is missing when the selection matches nothing."""
    games = [g for g in judgement.games if game is None or g.number == game]
    if game is not None and not games:
        raise LookupError(f"no game {game} in {judgement.file} (it has {len(judgement.games)})")
    out = []
    for g in games:
        rounds = [r for r in g.rounds if round is None or r.number == round]
        if round is not None and not rounds:
            if game is not None or len(games) == 1:
                raise LookupError(f"no round {round} in game {g.number} of {judgement.file}")
            continue
        out.append(_game_json(g, [replay_round(g, r) for r in rounds]))
    if round is not None and not out:
        raise LookupError(f"no round {round} in {judgement.file}")
    placed = {d for g in judgement.games for d in g.diagnostics} | {
        d for r in judgement.rounds for d in r.diagnostics
    }
    return {
        "format": FORMAT,
        "version": VERSION,
        "file": judgement.file,
        "games": out,
        "diagnostics": [diagnostic_json(d) for d in judgement.diagnostics if d not in placed],
        "has_errors": judgement.has_errors,
    }


@cache
def _schema_text() -> str:
    return resources.files("napkifu.views").joinpath("replay.schema.json").read_text("utf-8")


def schema() -> Json:
    """The JSON schema (draft 2020-12) of :func:`replay_file`'s output."""
    return json.loads(_schema_text())
