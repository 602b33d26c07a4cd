"""Trick strength as a ladder of classes (RULES.md, "Trick resolution: the ladder").

Each card of a finished trick gets the first ladder class it satisfies; the best
class wins, within ``trump`` and ``lead`` the higher rank, otherwise the earlier
card. One function per question so that the replay and the simulator's bots ask
exactly the same thing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from napkifu.cards import JOKER, MIGHTY, UNKNOWN, Card, Suit
from napkifu.rules.build import Rules
from napkifu.rules.leads import AFTER_LEAD
from napkifu.rules.leads import lead_suit_of as lead_suit_of  # (its home before leads.py)
from napkifu.rules.outcome import TrickOutcome

_JACK = 9  # rank index of J (rank 11 - 2)


def same_two_holds(
    rules: Rules,
    cards: Sequence[Card],
    lead_suit: int | None,
    trump: int | None,
    trick_number: int,
    last: bool,
) -> bool:
    """Whether the 2 of the lead suit is a same-two in this (complete) trick."""
    return same_two_may_hold(rules, lead_suit, trump, trick_number, last) and _same_two_cards(
        rules.same_two_joker_counts, cards, lead_suit
    )


def same_two_may_hold(
    rules: Rules, lead_suit: int | None, trump: int | None, trick_number: int, last: bool
) -> bool:
    """What of :func:`same_two_holds` the trick's number and lead suit decide, whatever
    its cards (the :class:`Ranker` asks it once per trick number and lead suit)."""
    if lead_suit is None or not rules.same_two:
        return False
    if trick_number == 1 and not rules.same_two_first_trick:
        return False
    if last and not rules.same_two_last_trick:
        return False
    return lead_suit != trump or rules.same_two_trump


def _same_two_cards(joker_counts: bool, cards: Sequence[Card], lead_suit: int | None) -> bool:
    """The rest of :func:`same_two_holds`: every card is of the lead suit (a joker
    counts as one under ``same-two-joker counts``)."""
    return lead_suit is not None and _suited(joker_counts, lead_suit).issuperset(cards)


def _suited(joker_counts: bool, lead_suit: int) -> frozenset[Card]:
    """The cards :func:`_same_two_cards` lets a trick led in ``lead_suit`` hold: one
    set per suit and flag, so a trick asks one ``issuperset``, not a loop a card."""
    return _SUITED[joker_counts][lead_suit]


_SUITED = {
    flag: tuple(
        frozenset(range(s * 13, s * 13 + 13)) | frozenset(range(JOKER, UNKNOWN + 1) if flag else ())
        for s in range(4)
    )
    for flag in (False, True)
}


_NONE = 99  # "no class": such a card never wins


def _compiled(rules: Rules, trump: int | None) -> tuple[int, ...]:
    """Ladder positions of every class (``_NONE`` when absent) and the two jacks,
    computed once per (rules, trump) so that classifying a card is a few compares."""
    got = rules.cache.get(("ladder", trump))
    if got is not None:
        return got  # type: ignore[return-value]
    pos = {c: i for i, c in enumerate(rules.ladder)}
    g = lambda name: pos.get(name, _NONE)  # noqa: E731
    tj = bj = -1
    if trump is not None:
        tj = trump * 13 + _JACK
        bj = int(Suit(trump).partner) * 13 + _JACK
    comp = (
        g("yoromeki"),
        g("mighty"),
        g("joker-lead"),
        g("joker-follow"),
        g("trump-jack"),
        g("back-jack"),
        g("same-two"),
        g("trump"),
        g("lead"),
        tj,
        bj,
        len(rules.ladder),
        rules.yoromeki_card,
    )
    rules.cache[("ladder", trump)] = comp
    return comp


def _class_indexes(
    comp: tuple[int, ...],
    index: int,
    lead_suit: int | None,
    trump: int | None,
    same_two: bool,
    mighty_in: bool,
    plain: bool = False,
    joker_weak: bool = False,
) -> list[int]:
    """Ladder position of the first class each card (0 … ``UNKNOWN``) satisfies as the
    trick's ``index``-th card (``_NONE``: none): the minimum over the classes it
    satisfies, since ladder order is first-match order. ``plain``: no special class
    takes effect (``specials-first-trick off`` …), only ``trump`` and ``lead``;
    ``joker_weak``: the joker never wins (``joker-weak-from``). The whole deck at
    once, class by class: a table of a kind of trick is built from it (:func:`_keys`)."""
    yo, mi, jl, jf, tjx, bjx, s2, tr, le, tj, bj, _n, yc = comp
    k = [_NONE] * JOKER
    if not plain:
        k[MIGHTY] = mi
        if mighty_in and yc != MIGHTY and 0 <= yc < JOKER:
            k[yc] = yo
        if tj >= 0:  # (a trump: both jacks are cards of the deck)
            k[tj] = min(k[tj], tjx)
            k[bj] = min(k[bj], bjx)
    if lead_suit is not None:
        lo = lead_suit * 13
        for c in range(lo, lo + 13):
            k[c] = min(k[c], le)
        if same_two and not plain:  # (the 2 is each suit's first card)
            k[lo] = min(k[lo], s2)
    if trump is not None:
        lo = trump * 13
        for c in range(lo, lo + 13):
            k[c] = min(k[c], tr)
    joker = _NONE if plain or joker_weak else (jl if index == 0 else jf)
    return k + [joker] * (UNKNOWN + 1 - JOKER)


def classify(
    rules: Rules,
    cards: Sequence[Card],
    index: int,
    lead_suit: int | None,
    trump: int | None,
    same_two: bool,
) -> str | None:
    """The first ladder class card ``cards[index]`` satisfies, None when none."""
    comp = _compiled(rules, trump)
    mighty_in = MIGHTY in cards and (rules.yoromeki_vs_joker or cards[0] < JOKER)
    k = _class_indexes(comp, index, lead_suit, trump, same_two, mighty_in)[cards[index]]
    return rules.ladder[k] if k != _NONE else None


KeyTables = tuple[
    tuple[int, ...], tuple[int, ...], tuple["str | None", ...], tuple["str | None", ...]
]
"""Sort keys of a led and a followed card, and their class names (see :func:`_keys`)."""


def _keys(
    rules: Rules,
    trump: int | None,
    lead_suit: int | None,
    s2: bool,
    mighty_in: bool,
    plain: bool = False,
    joker_weak: bool = False,
) -> KeyTables:
    """Sort keys (lower wins) and class names of every card, led and followed, for one
    kind of trick — computed once per kind of ladder, so resolving a trick is a few
    lookups. A key is ``16 * ladder position`` plus the rank order within ``trump`` and
    ``lead``; ``_NO_KEY`` for a card of no class, which never wins (the leader keeps
    the trick when nobody has a class). Kept by the ladder's facts (the ladder and
    :func:`_compiled`'s positions and cards), not by the rules object: a season's games
    differ in many options (hence many rules objects) but in few ladders. A table is
    built from :func:`_class_indexes` (the deck class by class, not card by card: the
    varied corpus builds ~530 tables, ~100 card classifications each)."""
    comp = _compiled(rules, trump)
    cache_key = (rules.ladder, comp, trump, lead_suit, s2, mighty_in, plain, joker_weak)
    got = _TABLES.get(cache_key)
    if got is not None:
        return got
    tr, le, n = comp[7], comp[8], comp[11]
    ladder = rules.ladder
    args = (lead_suit, trump, s2, mighty_in, plain, joker_weak)
    keys, names = _keyed(_class_indexes(comp, 1, *args), 0, _NO_KEY, tr, le, ladder)
    # a led card is classed as a followed one but for the jokers (a card's index in
    # the trick decides only theirs): only those are keyed again; a led joker without
    # a class is below every class, above none (a weak joker is the weakest card)
    led = _class_indexes(comp, 0, *args)
    joker = n * 16 if not joker_weak else _NO_KEY
    led_keys, led_names = _keyed(led, JOKER, joker, tr, le, ladder)
    got = ((*keys[:JOKER], *led_keys), tuple(keys), (*names[:JOKER], *led_names), tuple(names))
    if len(_TABLES) >= 4096:  # endless distinct ladders must not grow this
        _TABLES.clear()
    _TABLES[cache_key] = got
    return got


def _keyed(
    classes: Sequence[int], first: int, unclassed: int, tr: int, le: int, ladder: Sequence[str]
) -> tuple[list[int], list[str | None]]:
    """The sort keys and class names of the cards from ``first`` on, by their ladder
    positions (``classes``, by card): ``16 * position`` plus the rank order within
    ``trump`` and ``lead``; ``unclassed`` for a joker (or ``?``) of no class, ``_NO_KEY``
    for a suit card of none."""
    keys = [
        (unclassed if card >= JOKER else _NO_KEY)
        if k == _NONE
        else k * 16 + (12 - card % 13 if k in (tr, le) else 0)
        for card, k in enumerate(classes[first:], first)
    ]
    names = [None if k == _NONE else ladder[k] for k in classes[first:]]
    return keys, names


_TABLES: dict[tuple[object, ...], KeyTables] = {}
_NO_KEY = 10_000


def resolve_trick(
    rules: Rules,
    cards: Sequence[Card],
    lead_suit: int | None,
    trump: int | None,
    trick_number: int,
    last: bool = False,
) -> TrickOutcome:
    """Resolve a finished trick (``cards`` in the order played, leader first).

    ``lead_suit`` comes from :func:`lead_suit_of`; ``trump`` is None in no-trump;
    ``last`` says whether this is the round's last trick (for same-two)."""
    return trick_resolver(rules, trump)(cards, lead_suit, trick_number, last)


Resolver = Callable[[Sequence[Card], "int | None", int, bool], TrickOutcome]


def trick_resolver(rules: Rules, trump: int | None) -> Resolver:
    """:func:`resolve_trick` for one round (its rules and trump): the replay resolves
    every trick of every round, so what does not change within a round is looked up
    once here, not once per trick."""
    return ranker(rules, trump).resolve


Ranked = Callable[[Sequence[Card], "int | None", int, bool], tuple[int, "str | None"]]


def trick_ranked(rules: Rules, trump: int | None) -> Ranked:
    """Like :func:`trick_resolver`, but only the index of the winning card (of a
    trick with at least one card) and its ladder class: for a caller that needs
    nothing else of a :class:`TrickOutcome`."""
    return ranker(rules, trump).ranked


def ranker(rules: Rules, trump: int | None) -> Ranker:
    """The :class:`Ranker` of ``rules`` and ``trump``: one per kind of ladder
    (:func:`_ranker_facts`), shared by every rules object that has it, so each kind
    of trick's tables are looked up once for all of them — a season's games differ
    in many options (the varied corpus has ~200 rule sets) but in few ladders."""
    got = rules.cache.get(("ranker", trump))
    if got is None:
        facts = _ranker_facts(rules, trump)
        got = _RANKERS.get(facts)
        if got is None:
            if len(_RANKERS) >= 4096:  # endless distinct ladders must not grow this
                _RANKERS.clear()
            got = _RANKERS[facts] = Ranker(rules, trump)
        rules.cache[("ranker", trump)] = got
    return got  # type: ignore[return-value]


def _ranker_facts(rules: Rules, trump: int | None) -> tuple[object, ...]:
    """Every fact of ``rules`` a :class:`Ranker` reads (its own code, :func:`_keys`,
    :func:`_compiled` and :func:`same_two_may_hold`): rules alike in these rank every
    trick alike. A field read there must be named here."""
    return (
        trump,
        rules.ladder,
        rules.yoromeki_card,
        rules.yoromeki_vs_joker,
        rules.specials_first_trick,
        rules.specials_last_trick,
        rules.joker_weak_from,
        rules.same_two_first_trick,
        rules.same_two_last_trick,
        rules.same_two_trump,
        rules.same_two_joker_counts,
    )


_RANKERS: dict[tuple[object, ...], Ranker] = {}


class Ranker:
    """Resolves the tricks of one kind of round (its ladder's facts and trump): the
    key tables of each kind of trick (lead suit, same-two or not, the mighty in it or
    not) are looked up, built on first use, once per kind of ladder (:func:`ranker`).
    It reads of ``rules`` only what :func:`_ranker_facts` names."""

    def __init__(self, rules: Rules, trump: int | None) -> None:
        self.rules = rules
        self.trump = trump
        self.has_same_two = _compiled(rules, trump)[6] != _NONE
        self.tables: dict[int, KeyTables] = {}
        self.kinds: dict[tuple[int, bool, int | None], tuple[int, frozenset[Card] | None]] = {}
        self.joker_counts = rules.same_two_joker_counts
        self.yoromeki_vs_joker = rules.yoromeki_vs_joker

    def _kind(
        self, trick_number: int, last: bool, lead_suit: int | None
    ) -> tuple[int, frozenset[Card] | None]:
        """What a trick's number, whether it is the last and its lead suit decide of its
        kind (:meth:`rank`): the kind's lead suit, ``plain`` and ``weak`` bits, and,
        when a same-two may hold (:func:`same_two_may_hold`), the cards it lets the
        trick hold (:func:`_suited`; None when it may not); kept, so a trick asks one
        look-up for them."""
        rules = self.rules
        plain = (trick_number == 1 and not rules.specials_first_trick) or (
            last and not rules.specials_last_trick
        )
        weak = 0 < rules.joker_weak_from <= trick_number
        may = self.has_same_two and same_two_may_hold(
            rules, lead_suit, self.trump, trick_number, last
        )
        kind = (4 if lead_suit is None else lead_suit) * 16 + plain * 2 + weak
        # (a same-two may hold: the cards it lets the trick hold, else None)
        suited = _suited(self.joker_counts, lead_suit) if may and lead_suit is not None else None
        got = self.kinds[trick_number, last, lead_suit] = (kind, suited)
        return got

    def rank(
        self, cards: Sequence[Card], lead_suit: int | None, trick_number: int, last: bool
    ) -> Rank:
        """The winning index of a (non-empty) trick, whether same-two held, and the
        key and class tables of its kind of trick (kind: the lead suit, then a bit
        each for same-two, the mighty in it, ``plain`` and ``weak``)."""
        got = self.kinds.get((trick_number, last, lead_suit))
        if got is None:
            got = self._kind(trick_number, last, lead_suit)
        kind, suited = got
        s2 = suited is not None and suited.issuperset(cards)  # (:func:`_same_two_cards`)
        if s2:
            kind += 8
        # yoromeki-vs-joker off: the yoromeki does not take effect against a led joker
        mighty_in = MIGHTY in cards and (self.yoromeki_vs_joker or cards[0] < JOKER)
        if mighty_in:
            kind += 4
        table = self.tables.get(kind)
        if table is None:
            table = self.tables[kind] = _keys(
                self.rules, self.trump, lead_suit, s2, mighty_in, bool(kind & 2), bool(kind & 1)
            )
        lead_keys, keys = table[0], table[1]
        best, best_key = 0, lead_keys[cards[0]]
        for i in AFTER_LEAD[len(cards)]:
            k = keys[cards[i]]
            if k < best_key:  # strictly: of equal keys the earlier card wins
                best, best_key = i, k
        return best, s2, table

    def ranked(
        self, cards: Sequence[Card], lead_suit: int | None, trick_number: int, last: bool = False
    ) -> tuple[int, str | None]:
        """:func:`trick_ranked`: the winning index and its ladder class."""
        best, _s2, table = self.rank(cards, lead_suit, trick_number, last)
        return best, table[2][cards[0]] if best == 0 else table[3][cards[best]]

    def resolve(
        self, cards: Sequence[Card], lead_suit: int | None, trick_number: int, last: bool = False
    ) -> TrickOutcome:
        """:func:`resolve_trick`, for this ranker's rules and trump."""
        if not cards:
            return TrickOutcome(0, None, (), False)
        return outcome_of(cards, self.rank(cards, lead_suit, trick_number, last))


Rank = tuple[int, bool, KeyTables]
"""What :meth:`Ranker.rank` says of a trick: the winning index, whether same-two
held, and the key and class tables of its kind of trick."""
NO_RANK: Rank = (0, False, ((), (), (), ()))
"""The rank of a trick without cards (its leader keeps it)."""


def outcome_of(cards: Sequence[Card], ranked: Rank) -> TrickOutcome:
    """The :class:`TrickOutcome` of a trick from its :meth:`Ranker.rank`."""
    if not cards:
        return TrickOutcome(0, None, (), False)
    best, s2, table = ranked
    lead_names, names = table[2], table[3]
    classes = (lead_names[cards[0]], *[names[c] for c in cards[1:]])
    return TrickOutcome(best, classes[best], classes, s2)
