"""The immutable :class:`Rules` of a game, built from a preset plus overrides.

``build_rules`` is the programmatic entry (raises :class:`RuleError`); the replay
uses :func:`rules_for_game`, which turns each bad ``rules``/``rule`` line into a
NAP104 diagnostic at that line and keeps going with the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from napkifu.cards import YOROMEKI, parse_card
from napkifu.rules.options import (
    LADDER_CLASSES,
    OPTIONS,
    SCORE_UNIT_OPTIONS,
    SUGAR_OPTIONS,
    UNSUPPORTED,
    UNSUPPORTED_VALUES,
)
from napkifu.rules.presets import PRESETS, ScoreUnits

HAND_SIZES = {3: 16, 4: 12, 5: 10, 6: 8}
"""Cards dealt to each player by player count (RULES.md, "Fixed facts")."""


class RuleError(ValueError):
    """An unknown preset, option or value, or an unsupported rule.

    ``part`` says which token is wrong: ``"preset"``, ``"key"`` or ``"value"``;
    ``message_ja`` is the Japanese text of the same problem.
    """

    def __init__(self, message: str, message_ja: str, part: str = "value") -> None:
        super().__init__(message)
        self.message = message
        self.message_ja = message_ja
        self.part = part


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything the engine needs to know about the rules of one game.

    Built once per game; every check reads these fields, never the preset name
    (``preset`` is kept for display only).
    """

    preset: str
    players: int
    jokers: int
    honor_threes: bool
    min_bid: int
    max_bid: int
    no_trump: bool
    pass_rule: str  # out / rebid
    call_timing: str  # before-exchange / after-exchange
    call_own_card: str  # alone / forbidden
    discard_honors: str  # void / allies / napoleon / first-trick
    ladder: tuple[str, ...]
    same_two_first_trick: bool
    same_two_last_trick: bool
    same_two_trump: bool
    same_two_joker_counts: bool
    joker_lead: str  # trump / suit
    joker_play: str  # any-time / as-trump
    joker_request: str  # off / lead / played
    mighty_play: str  # suited / any-time
    opening_lead: str  # any / restricted
    reverse_jack: bool
    twenty: str  # win / loses
    scoring: str  # table / formula / none
    units: ScoreUnits  # (napoleon, adjutant, allied, alone, alone-allied) for ``players``
    double_at_max: str  # off / on / win
    double_shutout: bool
    bid_multiplier: bool
    settings: tuple[tuple[str, str], ...] = ()  # every option as written text, for display
    # v1.1 options (RULES.md, "Version 1.1"), with their defaults
    first_bidder: str = "rotate"  # rotate / keep-after-redeal / previous-napoleon
    joker_weak_from: int = 0  # 0: off; else from this trick on the joker never wins
    specials_first_trick: bool = True
    specials_last_trick: bool = True
    yoromeki_card: int = YOROMEKI
    yoromeki_vs_joker: bool = True
    discard_honors_allowed: bool = True
    exchange: int | None = None  # widow cards taken and discarded; None: all
    cache: dict[object, object] = field(
        default_factory=dict, init=False, compare=False, hash=False, repr=False
    )
    """Derived tables (the compiled ladder, its key tables) the engine computes once
    per game; never passed in, so rules made by ``dataclasses.replace`` start empty."""

    hand_size: int = field(init=False, compare=False, repr=False)
    """Cards dealt to each player (``HAND_SIZES``), also the number of tricks."""
    deck_size: int = field(init=False, compare=False, repr=False)
    widow_size: int = field(init=False, compare=False, repr=False)
    discard_size: int = field(init=False, compare=False, repr=False)
    """Widow cards Napoleon takes, and so discards (``exchange``)."""
    tricks: int = field(init=False, compare=False, repr=False)
    honors_total: int = field(init=False, compare=False, repr=False)
    """20 honors (A K Q J 10 of each suit), 24 with ``honor-threes``."""
    has_adjutant: bool = field(init=False, compare=False, repr=False)
    yoromeki: bool = field(init=False, compare=False, repr=False)
    same_two: bool = field(init=False, compare=False, repr=False)
    honor_cards: frozenset[int] = field(init=False, compare=False, repr=False)
    """The honor cards (A K Q J 10, and 3 with ``honor-threes``)."""

    def __post_init__(self) -> None:
        """The derived facts, computed once: the engine reads them every trick, where
        a property would recompute them each time."""
        hand = HAND_SIZES.get(self.players, 10)
        deck = 52 + self.jokers
        derived = {
            "hand_size": hand,
            "deck_size": deck,
            "widow_size": max(0, deck - self.players * hand),
            "discard_size": min(
                max(0, deck - self.players * hand),
                deck if self.exchange is None else self.exchange,
            ),
            "tricks": hand,
            "honors_total": 24 if self.honor_threes else 20,
            "has_adjutant": self.players > 3,
            "yoromeki": "yoromeki" in self.ladder,
            "same_two": "same-two" in self.ladder,
            "honor_cards": frozenset(
                c for c in range(52) if c % 13 >= 8 or (self.honor_threes and c % 13 == 1)
            ),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)  # (frozen: set once, here)

    def option(self, name: str) -> str:
        """The value of option ``name`` as a record would write it."""
        return dict(self.settings)[name]


def _suggest(word: str, choices: Iterable[str]) -> str:
    import difflib  # (only for a misspelt rule: not loaded at every start)

    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _insert_sugar(ladder: list[str], name: str, on: bool) -> list[str]:
    """Apply ``rule yoromeki on|off`` / ``rule same-two on|off`` to a ladder."""
    out = [c for c in ladder if c != name]
    if not on:
        return out
    if name == "yoromeki":
        at = out.index("mighty") if "mighty" in out else 0
    else:
        for anchor in ("back-jack", "trump-jack"):
            if anchor in out:
                at = out.index(anchor) + 1
                break
        else:
            at = out.index("trump") if "trump" in out else len(out)
            if "trump" not in out and "lead" in out:
                at = out.index("lead")
    out.insert(at, name)
    return out


def check_option(key: str, values: Sequence[str]) -> object:
    """Validate one ``rule KEY VALUE…`` and return its parsed value (str, int or a
    ladder tuple). Raises :class:`RuleError`."""
    if key in UNSUPPORTED:
        if tuple(values) == ("off",):
            return "off"
        what = UNSUPPORTED[key]
        raise RuleError(
            f"rule '{key}' is not supported: {what} is not modelled by napkifu",
            f"ルール '{key}'（{what.partition(' (')[2].rstrip(')') or what}）には対応していません",
            "key",
        )
    opt = OPTIONS.get(key)
    if opt is None:
        raise RuleError(
            f"unknown rule option '{key}'{_suggest(key, OPTIONS)}",
            f"不明なルールオプション '{key}'",
            "key",
        )
    if opt.kind == "ladder":
        if not values:
            raise RuleError("'ladder' needs at least one class", "ladder にクラスがありません")
        for v in values:
            if v not in LADDER_CLASSES:
                raise RuleError(
                    f"unknown ladder class '{v}'{_suggest(v, LADDER_CLASSES)}",
                    f"不明なラダークラス '{v}'",
                )
        if len(set(values)) != len(values):
            raise RuleError("a ladder class is listed twice", "ラダーに同じクラスが二度あります")
        return tuple(values)
    if len(values) != 1:
        raise RuleError(
            f"rule '{key}' takes exactly one value", f"ルール '{key}' の値は 1 つだけです"
        )
    value = values[0]
    if (key, value) in UNSUPPORTED_VALUES:
        what = UNSUPPORTED_VALUES[key, value]
        raise RuleError(
            f"rule '{key} {value}' is not supported: {what} is not modelled by napkifu",
            f"ルール '{key} {value}' には対応していません（{what}）",
        )
    if opt.kind == "int" and value in opt.values:  # a word beside the numbers ("off")
        return value
    if opt.kind == "int":
        try:
            number = int(value)
        except ValueError:
            raise RuleError(
                f"rule '{key}' needs a whole number, not '{value}'",
                f"ルール '{key}' の値は整数です（'{value}'）",
            ) from None
        lo, hi = opt.minimum, opt.maximum
        if (lo is not None and number < lo) or (hi is not None and number > hi):
            raise RuleError(
                f"rule '{key}' must be between {lo} and {hi}, not {number}",
                f"ルール '{key}' の値は {lo}〜{hi} です（{number}）",
            )
        return number
    if value not in opt.values:
        allowed = ", ".join(opt.values)
        raise RuleError(
            f"unknown value '{value}' for rule '{key}' (allowed: {allowed})",
            f"ルール '{key}' の値 '{value}' は不明です（{allowed}）",
        )
    return value


def check_preset(preset: str) -> None:
    if preset not in PRESETS:
        raise RuleError(
            f"unknown rules preset '{preset}'{_suggest(preset, PRESETS)} "
            f"(known: {', '.join(PRESETS)})",
            f"不明なルールプリセット '{preset}'（{', '.join(PRESETS)}）",
            "preset",
        )


def build_rules(
    preset: str = "standard",
    overrides: Iterable[tuple[str, Sequence[str]]] = (),
    players: int = 5,
) -> Rules:
    """The rules of ``preset`` with ``rule KEY VALUE…`` overrides applied in order,
    for ``players`` seats. Raises :class:`RuleError` on the first bad item.

    The same rules give the same (frozen) object, so the tables the engine derives
    into ``Rules.cache`` are built once per kind of game, not once per game of a file
    (a season of 5,000 games has a handful of rule sets)."""
    key = (preset, tuple((k, tuple(v)) for k, v in overrides), players)
    got = _BUILT.get(key)
    if got is None:
        got = _build(*key)
        if len(_BUILT) >= 512:  # a file of endless distinct rule lines must not grow this
            _BUILT.clear()
        _BUILT[key] = got
    return got


_BUILT: dict[tuple[str, tuple[tuple[str, tuple[str, ...]], ...], int], Rules] = {}


def _build(preset: str, overrides: tuple[tuple[str, tuple[str, ...]], ...], players: int) -> Rules:
    check_preset(preset)
    base = PRESETS[preset]
    values: dict[str, object] = {
        name: opt.default for name, opt in OPTIONS.items() if name not in SUGAR_OPTIONS
    }
    values.update({k: v for k, v in base.items() if k != "score-units"})
    ladder = list(values["ladder"])  # type: ignore[call-overload]
    unit_table: dict[int, ScoreUnits] = base.get("score-units", {0: (2, 1, 1, 4, 1)})
    units = list(unit_table.get(players, unit_table[0]))
    for key, vals in overrides:
        parsed = check_option(key, vals)
        if key in UNSUPPORTED:
            continue
        if key == "ladder":
            ladder = list(parsed)  # type: ignore[call-overload]
        elif key in SUGAR_OPTIONS:
            ladder = _insert_sugar(ladder, key, parsed == "on")
        elif key in SCORE_UNIT_OPTIONS:
            units[SCORE_UNIT_OPTIONS.index(key)] = parsed  # type: ignore[call-overload]
        else:
            values[key] = parsed
    honors = 24 if values["honor-threes"] == "on" else 20
    max_bid = values["max-bid"] if values["max-bid"] is not None else honors
    if int(values["min-bid"]) > int(max_bid):  # type: ignore[call-overload]
        raise RuleError(
            f"min-bid {values['min-bid']} is above max-bid {max_bid}",
            f"min-bid {values['min-bid']} が max-bid {max_bid} より大きい",
        )
    values["max-bid"] = max_bid
    settings = tuple(
        (k, " ".join(ladder) if k == "ladder" else str(v)) for k, v in values.items()
    ) + tuple((k, str(u)) for k, u in zip(SCORE_UNIT_OPTIONS, units, strict=True))
    on = "on".__eq__
    return Rules(
        preset=preset,
        players=players,
        jokers=int(values["jokers"]),  # type: ignore[call-overload]
        honor_threes=on(values["honor-threes"]),
        min_bid=int(values["min-bid"]),  # type: ignore[call-overload]
        max_bid=int(max_bid),  # type: ignore[call-overload]
        no_trump=on(values["no-trump"]),
        pass_rule=str(values["pass"]),
        call_timing=str(values["call-timing"]),
        call_own_card=str(values["call-own-card"]),
        discard_honors=str(values["discard-honors"]),
        ladder=tuple(ladder),
        same_two_first_trick=on(values["same-two-first-trick"]),
        same_two_last_trick=on(values["same-two-last-trick"]),
        same_two_trump=on(values["same-two-trump"]),
        same_two_joker_counts=values["same-two-joker"] == "counts",
        joker_lead=str(values["joker-lead"]),
        joker_play=str(values["joker-play"]),
        joker_request=str(values["joker-request"]),
        mighty_play=str(values["mighty-play"]),
        opening_lead=str(values["opening-lead"]),
        reverse_jack=on(values["reverse-jack"]),
        twenty=str(values["twenty"]),
        scoring=str(values["scoring"]),
        units=tuple(units),  # type: ignore[arg-type]
        double_at_max=str(values["double-at-max"]),
        double_shutout=on(values["double-shutout"]),
        bid_multiplier=on(values["bid-multiplier"]),
        settings=settings,
        first_bidder=str(values["first-bidder"]),
        joker_weak_from=0 if values["joker-weak-from"] == "off" else int(values["joker-weak-from"]),  # type: ignore[call-overload]
        specials_first_trick=on(values["specials-first-trick"]),
        specials_last_trick=on(values["specials-last-trick"]),
        yoromeki_card=parse_card(str(values["yoromeki-card"])) or YOROMEKI,
        yoromeki_vs_joker=on(values["yoromeki-vs-joker"]),
        discard_honors_allowed=on(values["discard-honors-allowed"]),
        exchange=_exchange(values["exchange"]),
    )


def _exchange(value: object) -> int | None:
    """``exchange all`` (None), ``none`` (0) or N widow cards."""
    if value == "all":
        return None
    return 0 if value == "none" else int(value)  # type: ignore[call-overload]
