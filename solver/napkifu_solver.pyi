"""napkifu's analysis engine: a double-dummy solver for Napoleon (Rust, PyO3)."""

__version__: str

PositionArgs = tuple[
    list[list[int]],  # each seat's hand
    list[int],  # the trick so far
    int | None,  # the suit a led joker named
    int,  # the leader's seat
    int,  # the direction of play, +1 or -1
    list[int],  # the seats of Napoleon's side
    int,  # honors Napoleon's side has taken
    int,  # honors among the discards
    bool | None,  # whether Napoleon's side won trick 1 (None: not finished)
]
"""A position, as :meth:`napkifu.solve.engine.Position.args` gives it."""

class Solver:
    """A solver for one kind of round: the engine's resolved rules and the trump."""

    def __init__(
        self,
        ladder: list[str],
        options: dict[str, str],
        trump: int | None,
        players: int,
        tricks: int,
        honors: list[int],
        table_cap: int = ...,
        pruning: bool = ...,
    ) -> None: ...
    def winner(self, cards: list[int], lead_suit: int | None, trick_number: int) -> int: ...
    def reverses(self, card: int) -> bool: ...
    def solve(
        self,
        position: PositionArgs,
        guess: int | None = ...,
        lower: int | None = ...,
        upper: int | None = ...,
    ) -> int: ...
    def best_move(
        self,
        position: PositionArgs,
        value: int,
    ) -> tuple[int, int | None] | None: ...
    def values(
        self,
        position: PositionArgs,
    ) -> list[tuple[int, int | None, int]]: ...
    def bounds(self, position: PositionArgs) -> list[tuple[str, int, int]]: ...
    @property
    def nodes(self) -> int: ...
    node_limit: int | None
    @property
    def table_len(self) -> int: ...
