"""Random, legal ``.nap`` records played by the engine's own primitives, for the
replay tests: a record the generator writes must judge clean, and one changed line
must be caught with the right code."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from napkifu.cards import JOKER, Suit, card_text, cards_text, deck
from napkifu.replay import lead_suit_of, legal_cards, resolve_trick, reverses, round_scores
from napkifu.rules import build_rules

NAMES = ("Haru", "Sora", "Mina", "Riku", "Kei", "Aoi")


@dataclass
class Generated:
    text: str
    lines: dict[str, int] = field(default_factory=dict)  # what → line number
    honors_napoleon: int = 0
    napoleon: str = ""
    adjutant: str | None = None
    plays: list[list[tuple[str, int]]] = field(default_factory=list)


def generate(
    seed: int,
    preset: str = "standard",
    players: int = 5,
    rules_lines: tuple[tuple[str, str], ...] = (),
    with_hands: bool = False,
    suit: Suit | None = Suit.SPADES,
) -> Generated:
    rng = random.Random(seed)
    names = NAMES[:players]
    rules = build_rules(preset, [(k, v.split()) for k, v in rules_lines], players)
    cards = deck(rules.jokers)
    rng.shuffle(cards)
    h = rules.hand_size
    hands = {p: cards[i * h : (i + 1) * h] for i, p in enumerate(names)}
    widow = cards[players * h :]
    dealer = rng.randrange(players)
    first = (dealer + 1) % players
    nap_seat = rng.randrange(players)
    napoleon = names[nap_seat]
    k = (nap_seat - first) % players
    order = [names[(first + i) % players] for i in range(players * 2)]
    bid = f"{rules.min_bid}{'NT' if suit is None else suit.symbol}"
    passes_after = players - 1 if rules.pass_rule == "rebid" else players - 1 - k
    bids = [f"{order[i]}:pass" for i in range(k)] + [f"{napoleon}:{bid}"]
    bids += [f"{order[k + 1 + i]}:pass" for i in range(passes_after)]
    trump = None if suit is None else int(suit)
    called = None
    adjutant = None
    if rules.has_adjutant:
        others = [c for p in names if p != napoleon for c in hands[p] if c != JOKER]
        called = rng.choice(others)
        adjutant = next(p for p in names if called in hands[p])
    pool = hands[napoleon] + widow
    keep = [c for c in pool if c == called] + [c for c in pool if c != called]
    rng.shuffle(keep)
    discards = keep[: len(widow)]
    held = {p: list(hands[p]) for p in names}
    held[napoleon] = [c for c in pool if c not in discards or discards.remove(c) is not None]
    discards = [c for c in pool if c not in held[napoleon]]
    text = [f"players {' '.join(names)}", f"rules {preset}"]
    text += [f"rule {k_} {v}" for k_, v in rules_lines]
    text += ["", "round 1", f"dealer {names[dealer]}"]
    gen = Generated("", napoleon=napoleon, adjutant=adjutant)
    if with_hands:
        for p in names:
            gen.lines[f"hand {p}"] = len(text) + 1
            text.append(f"hand {p} {cards_text(hands[p])}")
        gen.lines["widow"] = len(text) + 1
        text.append(f"widow {cards_text(widow)}")
    gen.lines["bids"] = len(text) + 1
    text.append("bids " + " ".join(bids))
    if called is not None:
        gen.lines["call"] = len(text) + 1
        text.append(f"call {card_text(called)}")
    gen.lines["discard"] = len(text) + 1
    text.append(f"discard {' '.join(card_text(c) for c in discards)}")
    leader, step = nap_seat, 1
    side = {napoleon, adjutant}
    nap_honors = 0
    for t in range(1, rules.tricks + 1):
        seats = [(leader + step * i) % players for i in range(players)]
        played: list[int] = []
        words = []
        lead_suit = None
        for i, s in enumerate(seats):
            hold = held[names[s]]
            legal = legal_cards(rules, hold, played, lead_suit, trump, t == 1 and i == 0)
            c = rng.choice(sorted(legal))
            hold.remove(c)
            word = card_text(c)
            if i == 0:
                named = None
                if c == JOKER and rules.joker_lead == "suit":
                    named = rng.randrange(4)
                    word += ">" + Suit(named).symbol
                lead_suit = lead_suit_of(rules, c, named, trump)
            played.append(c)
            words.append(word)
        out = resolve_trick(rules, played, lead_suit, trump, t, t == rules.tricks)
        winner = seats[out.winner]
        honors = sum(1 for c in played if c in rules.honor_cards)
        if names[winner] in side:
            nap_honors += honors
        gen.plays.append([(names[s], c) for s, c in zip(seats, played, strict=True)])
        gen.lines[f"trick {t}"] = len(text) + 1
        text.append(f"{t} {names[leader]}: {' '.join(words)}")
        for c in played:
            if reverses(rules, c, trump):
                step = -step
        leader = winner
    d = sum(1 for c in discards if c in rules.honor_cards)
    if rules.discard_honors == "napoleon":
        nap_honors += d
    gen.honors_napoleon = nap_honors
    gen.lines["result"] = len(text) + 1
    text.append(f"result {nap_honors}")
    win = nap_honors >= rules.min_bid and not (
        rules.twenty == "loses" and nap_honors == rules.honors_total
    )
    alone = adjutant is None or adjutant == napoleon
    allies = rules.honors_total - nap_honors - (d if rules.discard_honors == "void" else 0)
    scores = round_scores(
        rules, names, napoleon, None if alone else adjutant, rules.min_bid, win, allies
    )
    if scores is not None:
        gen.lines["score"] = len(text) + 1
        text.append("score " + " ".join(f"{p} {scores[p]:+d}" for p in names))
    gen.text = "\n".join(text) + "\n"
    return gen
