"""The honors each side is credited with, and round scores from the outcome:
``table``, ``formula`` or ``none``, then the multipliers (RULES.md, "table
scoring"). One function each, used for played rounds and score sheets alike, by the
engine and by the simulator."""

from __future__ import annotations

from collections.abc import Sequence

from napkifu.rules.build import Rules


def _round_half_up(num: int, den: int) -> int:
    """``num / den`` rounded 四捨五入 (the seed's rounding), not Python's banker's
    rounding: ⌊num/den + 1/2⌋ = ⌊(2·num + den) / (2·den)⌋, exactly, in integers
    (``den`` > 0; no ``Fraction``, which cost ~10 µs a round under ``scoring formula``)."""
    return (2 * num + den) // (2 * den)


def credited_honors(
    rules: Rules,
    taken: tuple[int, int],
    discarded: int,
    claim: str | None,
    first_trick_napoleon: bool,
) -> tuple[int, int]:
    """The honors credited to (Napoleon's side, the allies): those each side ``taken``
    in the tricks played, every honor still out to the side that made the ``claim``
    ("napoleon" or "allies"), and the ``discarded`` honors as ``discard-honors``
    says (``first_trick_napoleon``: her side won trick 1)."""
    nap, allies = taken
    rest = max(0, rules.honors_total - nap - allies - discarded)
    if claim == "napoleon":
        nap += rest
    elif claim is not None:
        allies += rest
    credit = rules.discard_honors
    if credit == "napoleon" or (credit == "first-trick" and first_trick_napoleon):
        nap += discarded
    elif credit == "allies" or credit == "first-trick":
        allies += discarded
    return nap, allies


def round_scores(
    rules: Rules,
    players: Sequence[str],
    napoleon: str,
    adjutant: str | None,
    bid: int,
    win: bool,
    honors_allies: int | None = None,
) -> dict[str, int] | None:
    """Each player's score for the round; None under ``scoring none``.

    ``adjutant`` None means Napoleon played alone; ``honors_allies`` (the honors
    credited to the allies) is needed only for ``double-shutout``."""
    if rules.scoring == "none":
        return None
    alone = adjutant is None or adjutant == napoleon
    allies = [p for p in players if p != napoleon and (alone or p != adjutant)]
    sign = 1 if win else -1
    nap_u, adj_u, all_u, alone_u, alone_all_u = rules.units
    if rules.scoring == "formula":
        unit = bid - (rules.min_bid - 1)
        all_u = alone_all_u = unit
        # The seed's 例2 has one formula for Napoleon, adjutant or not.
        nap_u = alone_u = _round_half_up(unit * len(allies) * 2, 3)
        adj_u = _round_half_up(unit * len(allies), 3)
    scores: dict[str, int] = {}
    for p in players:
        if p == napoleon:
            scores[p] = sign * (alone_u if alone else nap_u)
        elif not alone and p == adjutant:
            scores[p] = sign * adj_u
        else:
            scores[p] = -sign * (alone_all_u if alone else all_u)
    factor = 1
    if (rules.double_at_max == "on" and bid == rules.max_bid) or (
        rules.double_at_max == "win" and bid == rules.max_bid and win
    ):
        factor *= 2
    if rules.double_shutout and not win and honors_allies == rules.honors_total:
        factor *= 2
    if rules.bid_multiplier:
        factor *= bid - rules.min_bid + 1
    if factor != 1:
        scores = {p: s * factor for p, s in scores.items()}
    return scores


def napoleon_wins(rules: Rules, bid: int, honors_napoleon: int) -> bool:
    """Whether Napoleon's side won, ``twenty loses`` included."""
    if honors_napoleon < bid:
        return False
    total = rules.honors_total
    return not (rules.twenty == "loses" and honors_napoleon >= total and bid < total)
