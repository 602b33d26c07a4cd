"""napkifu's analysis engine: a double-dummy solver for Napoleon (Rust, PyO3)."""

__version__: str

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
        hands: list[list[int]],
        trick: list[int],
        named: int | None,
        leader: int,
        step: int,
        napoleon_side: list[int],
        taken: int,
        widow_honors: int,
        first_trick_napoleon: bool | None,
        guess: int | None = ...,
        lower: int | None = ...,
        upper: int | None = ...,
    ) -> int: ...
    def best_move(
        self,
        hands: list[list[int]],
        trick: list[int],
        named: int | None,
        leader: int,
        step: int,
        napoleon_side: list[int],
        taken: int,
        widow_honors: int,
        first_trick_napoleon: bool | None,
        value: int,
    ) -> tuple[int, int | None] | None: ...
    def values(
        self,
        hands: list[list[int]],
        trick: list[int],
        named: int | None,
        leader: int,
        step: int,
        napoleon_side: list[int],
        taken: int,
        widow_honors: int,
        first_trick_napoleon: bool | None,
    ) -> list[tuple[int, int | None, int]]: ...
    @property
    def nodes(self) -> int: ...
    node_limit: int | None
    @property
    def table_len(self) -> int: ...
