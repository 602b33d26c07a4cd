"""The record model: what a ``.nap`` file says, as plain immutable objects.

Everything downstream (replay, formatter, exporters) reads these classes, never a
Lark tree. Nothing assigns to one after it is built (``dataclasses.replace`` makes a
changed copy), but they are not declared ``frozen``: a frozen ``__init__`` stores each
field through ``object.__setattr__`` (six times a slotted one's cost; reading was a
third slower). ``unsafe_hash`` hashes the fields that take part in equality. Every
element keeps its source :class:`Span`, so a judgement can point at the exact token;
spans are excluded from equality (the formatter's round-trip guarantee is stated in
it). The most numerous ones (:class:`Placed`, and a line's ``meta``) keep where they
stand as plain ints and make the span when it is first read — almost never.

The model is lenient: it holds what the text says, even when the text breaks a
structural rule (the notation layer reports that as NAP105 and keeps the first of
two repeated lines). Judging what it says is the replay engine's job.
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass, field
from typing import Any, Literal

from napkifu.cards import Card, Suit
from napkifu.span import NO_SPAN as NO_SPAN
from napkifu.span import Placed as Placed
from napkifu.span import Span as Span
from napkifu.span import Where as Where
from napkifu.span import as_span as as_span
from napkifu.span import span_field

_span = _placed = span_field  # (the model's own names for its span fields)


Annotation = Literal["!", "?", "!!", "??", "!?", "?!"]


@dataclass(slots=True, unsafe_hash=True)
class PlayerRef(Placed):
    """A player named in a line (NFC-normalised name; quotes removed)."""

    name: str
    _at: Span | Where = _placed()


@dataclass(slots=True, unsafe_hash=True)
class CardRef(Placed):
    """A card as written in a hand, widow, discard or call (``UNKNOWN`` for ``?``)."""

    card: Card
    _at: Span | Where = _placed()


@dataclass(slots=True, unsafe_hash=True)
class Play(Placed):
    """A card played in a trick, with the suit a led joker names (``JK>♥``) and an
    analysis annotation (``!``, ``?!`` …)."""

    card: Card
    joker_suit: Suit | None = None
    annotation: Annotation | None = None
    _at: Span | Where = _placed()


@dataclass(slots=True, unsafe_hash=True)
class Bid(Placed):
    """One call of the auction: a pass, or ``count`` + ``suit`` (``suit`` None is NT)."""

    player: PlayerRef | None
    count: int | None  # None for a pass
    suit: Suit | None = None  # None with a count: no-trump
    _at: Span | Where = _placed()

    @property
    def is_pass(self) -> bool:
        return self.count is None


@dataclass(slots=True, unsafe_hash=True)
class Comment:
    """A comment on a line of its own, kept where it stood (before the next line)."""

    text: str  # without the leading '#', trailing spaces stripped
    span: Span = _span()


@dataclass(slots=True, unsafe_hash=True)
class Statement(Placed):
    """Fields every line shares: comments standing before it, its own trailing
    comment, and the span of the whole line (the reader gives it as a :data:`Where`:
    made the first time it is read, which for most lines is never)."""

    leading_comments: tuple[Comment, ...] = ()
    comment: str | None = None
    _at: Span | Where = _placed()


@dataclass(slots=True, unsafe_hash=True)
class HandLine:
    """A ``hand`` line: a player's dealt cards given outright, checked against the play."""

    player: PlayerRef
    cards: tuple[CardRef, ...]
    meta: Statement = Statement()


@dataclass(slots=True, unsafe_hash=True)
class CardsLine:
    """``widow`` or ``discard``."""

    cards: tuple[CardRef, ...]
    meta: Statement = Statement()


@dataclass(slots=True, unsafe_hash=True)
class BidsLine:
    """A ``bids`` line: the auction as written, in order (passes included)."""

    bids: tuple[Bid, ...]
    meta: Statement = Statement()


@dataclass(slots=True, unsafe_hash=True)
class NapoleonLine:
    """A ``napoleon`` line: who won the auction and with which bid, when written."""

    player: PlayerRef
    bid: Bid  # bid.player is None; the player is ``player``
    meta: Statement = Statement()


@dataclass(slots=True, unsafe_hash=True)
class CallLine:
    """A ``call`` line: the card Napoleon named to find the adjutant."""

    card: CardRef
    meta: Statement = Statement()


@dataclass(slots=True, unsafe_hash=True)
class AdjutantLine:
    """An ``adjutant`` line: who held the called card, as the scorer wrote it."""

    player: PlayerRef | None  # None: ``adjutant none`` (Napoleon alone)
    meta: Statement = Statement()


@dataclass(slots=True, unsafe_hash=True)
class PlayerLine:
    """``dealer NAME``."""

    player: PlayerRef
    meta: Statement = Statement()


class UnmadePlays(tuple[Any, ...]):
    """A trick line's plays as the reader keeps them until asked for: one tuple (made
    without a Python-level ``__init__``), the cards as ints first (all the judge
    reads), then what a subclass's :meth:`plays` needs to make the :class:`Play`
    objects (five a line; only the writer, the views and a diagnostic ask)."""

    __slots__ = ()

    @abstractmethod  # (no ABCMeta: ``isinstance`` against this class is on the hot path)
    def plays(self) -> tuple[Play, ...]:
        """The :class:`Play` objects, made from what the subclass kept of the line
        (the reader's ``TrickRun``: the line's text and where it stands)."""


@dataclass(slots=True, unsafe_hash=True)
class TrickLine:
    """A trick line. ``plays`` may be given as :class:`UnmadePlays`: made the first
    time it is read (as ``meta``, see :func:`_meta_made_when_read`). :attr:`cards`, the
    cards in the order written (all the judge reads), is a plain slot set from them."""

    number: int
    leader: PlayerRef | None
    plays: tuple[Play, ...]
    meta: Statement = Statement()
    _number_at: Span | Where = _placed()  # where its number stands
    cards: tuple[Card, ...] = field(default=(), init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        got = _PLAYS_SLOT.__get__(self, TrickLine)
        self.cards = got[0] if isinstance(got, UnmadePlays) else tuple([p.card for p in got])

    @property
    def number_span(self) -> Span:
        return as_span(self._number_at)


_PLAYS_SLOT: Any = vars(TrickLine)["plays"]  # (the slot's own descriptor, under the property)


def _made_plays(line: TrickLine) -> tuple[Play, ...]:
    if isinstance(got := _PLAYS_SLOT.__get__(line, TrickLine), UnmadePlays):
        _PLAYS_SLOT.__set__(line, got := got.plays())
    return got  # type: ignore[no-any-return]


setattr(TrickLine, "plays", property(_made_plays, _PLAYS_SLOT.__set__))  # noqa: B010


@dataclass(slots=True, unsafe_hash=True)
class ClaimLine:
    """A ``claim`` line: the side given every trick not played."""

    side: Literal["napoleon", "allies"]
    meta: Statement = Statement()


@dataclass(slots=True, unsafe_hash=True)
class ResultLine:
    """A ``result`` line: the honors (or only the outcome) the scorer wrote, judged
    against the play."""

    honors: int | None  # None: only the outcome is written (v1.1 ``result win``)
    meta: Statement = Statement()
    value_span: Span = _span()
    won: bool | None = None  # ``result win`` / ``result lose``; None: honors only


@dataclass(slots=True, unsafe_hash=True)
class PlayerPoints(Placed):
    """One player's points on a ``score`` or ``total`` line, placed for its diagnostics."""

    player: PlayerRef
    points: int
    _at: Span | Where = _placed()  # the number


@dataclass(slots=True, unsafe_hash=True)
class PointsLine:
    """``score`` or ``total``: points per player, in the order written."""

    entries: tuple[PlayerPoints, ...]
    meta: Statement = Statement()


@dataclass(slots=True, unsafe_hash=True)
class Round:
    """One ``round N`` block; every optional line is None (or empty) when absent."""

    number: int
    meta: Statement = Statement()  # the ``round N`` line
    dealer: PlayerLine | None = None
    hands: tuple[HandLine, ...] = ()
    widow: CardsLine | None = None
    bids: tuple[BidsLine, ...] = ()
    napoleon: NapoleonLine | None = None
    call: CallLine | None = None
    adjutant: AdjutantLine | None = None
    discard: CardsLine | None = None
    tricks: tuple[TrickLine, ...] = ()
    claim: ClaimLine | None = None
    result: ResultLine | None = None
    score: PointsLine | None = None
    total: PointsLine | None = None
    trailing_comments: tuple[Comment, ...] = ()  # after the round's last line
    # Lines of this round the grammar rejected (NAP101/NAP102 already reported):
    # the round is incomplete, so the engine should not judge what they would decide.
    lost_lines: tuple[int, ...] = field(default=(), compare=False)

    @property
    def all_bids(self) -> tuple[Bid, ...]:
        """The auction in order across all ``bids`` lines."""
        lines = self.bids
        if len(lines) == 1:  # (the common case: that line's own tuple; read twice a round)
            return lines[0].bids
        return tuple([b for line in lines for b in line.bids])

    @property
    def is_redeal(self) -> bool:
        """Everyone passed (judged for completeness by the engine)."""
        bids = self.all_bids
        return bool(bids) and all(b.is_pass for b in bids)

    @property
    def has_play(self) -> bool:
        return bool(self.tricks)


@dataclass(slots=True, unsafe_hash=True)
class TagLine:
    """A ``tag KEY "value"`` line: metadata kept as written, never judged."""

    key: str
    value: str
    meta: Statement = Statement()


@dataclass(slots=True, unsafe_hash=True)
class TextLine:
    """``game "title"`` (value may be None), ``date``, ``place``."""

    value: str | None
    meta: Statement = Statement()


@dataclass(slots=True, unsafe_hash=True)
class AliasLine:
    """``alias ハル Haru Haru-chan`` (v1.1): these names are one player, counted as the
    first one."""

    names: tuple[PlayerRef, ...]
    meta: Statement = Statement()
    every_game: bool = False  # written before the file's first game: holds for all


def _meta_made_when_read(cls: type) -> None:
    """A round line's ``meta`` may be given as a :data:`Where` (a line without
    comments): its :class:`Statement` is made the first time it is read (equality,
    hashing, copies and ``dataclasses.replace`` read it too); the judge seldom does."""
    slot: Any = vars(cls)["meta"]

    def made(line: Any) -> Statement:  # (the getter of the property over the slot)
        if type(got := slot.__get__(line, cls)) is tuple:
            slot.__set__(line, got := Statement((), None, got))
        return got  # type: ignore[no-any-return]

    cls.meta = property(made, slot.__set__)  # type: ignore[attr-defined]


_LINES: Any = (HandLine, CardsLine, BidsLine, NapoleonLine, CallLine, AdjutantLine, PlayerLine)
for _line in (*_LINES, TrickLine, ClaimLine, ResultLine, PointsLine):
    _meta_made_when_read(_line)


@dataclass(slots=True, unsafe_hash=True)
class PlayersLine:
    """A ``players`` line: the seats in order, which every round's seat numbers refer to."""

    players: tuple[PlayerRef, ...]
    meta: Statement = Statement()


@dataclass(slots=True, unsafe_hash=True)
class RulesLine:
    """``rules PRESET``."""

    preset: str
    meta: Statement = Statement()
    value_span: Span = _span()


@dataclass(slots=True, unsafe_hash=True)
class RuleLine:
    """``rule KEY VALUE…`` (several values only for ``ladder``)."""

    key: str
    values: tuple[str, ...]
    meta: Statement = Statement()
    key_span: Span = _span()
    values_span: Span = _span()


@dataclass(slots=True, unsafe_hash=True)
class Game:
    """A game: its headers, then its rounds. ``number`` counts games in the file from 1."""

    number: int
    game: TextLine | None = None  # the ``game`` line, if written
    date: TextLine | None = None
    place: TextLine | None = None
    tags: tuple[TagLine, ...] = ()
    players: PlayersLine | None = None
    rules: RulesLine | None = None
    rule_lines: tuple[RuleLine, ...] = ()
    rounds: tuple[Round, ...] = ()
    trailing_comments: tuple[Comment, ...] = ()
    span: Span = _span()
    aliases: tuple[AliasLine, ...] = ()  # v1.1 ``alias`` lines (a file-level one: in game 1)

    @property
    def title(self) -> str | None:
        return self.game.value if self.game else None

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players.players) if self.players else ()

    @property
    def preset(self) -> str:
        return self.rules.preset if self.rules else "standard"


@dataclass(slots=True, unsafe_hash=True)
class Record:
    """A parsed file: its games and the comments before the first line of a game."""

    games: tuple[Game, ...]
    leading_comments: tuple[Comment, ...] = ()
    source: str = field(default="", compare=False, repr=False)  # the file name, for messages
