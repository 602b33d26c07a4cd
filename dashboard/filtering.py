"""Season filters applied to already built tables.

The analysis layer applies a :class:`SeasonFilter` while it turns files into rows;
the dashboard instead judges once and filters the tables, so that moving a date
slider costs a polars filter and not a re-judging of every file. The meaning is
the same (any listed player sat; dated within the range, undated games dropped
once a bound is set; one of the presets) and the season figures are recomputed
by the analysis layer's own :func:`season_tables`.
"""

from __future__ import annotations

from datetime import date

import polars as pl

from napkifu.analysis import Season, SeasonFilter, season_tables
from napkifu.analysis.columns import MAX_SEATS
from napkifu.analysis.filters import parse_date

KEYS = ["file", "game", "round"]


def season_bounds(season: Season) -> tuple[date | None, date | None]:
    """The first and last date of the season's games (None when none is dated)."""
    dates = season.rounds.get_column("date").drop_nulls()
    if dates.is_empty():
        return None, None
    return dates.min(), dates.max()  # type: ignore[return-value]


def players_of(season: Season) -> list[str]:
    return sorted(season.player_rounds.get_column("player").unique().drop_nulls().to_list())


def presets_of(season: Season) -> list[str]:
    return sorted(season.rounds.get_column("preset").unique().drop_nulls().to_list())


def filter_season(season: Season, flt: SeasonFilter) -> Season:
    """``season`` restricted to ``flt`` (the unrestricted season is returned as is)."""
    if not (flt.players or flt.presets or flt.since or flt.until):
        return season
    rounds = season.rounds
    if flt.presets:
        rounds = rounds.filter(pl.col("preset").is_in(list(flt.presets)))
    if flt.since is not None or flt.until is not None:
        cond = pl.col("date").is_not_null()
        if flt.since is not None:
            cond = cond & (pl.col("date") >= flt.since)
        if flt.until is not None:
            cond = cond & (pl.col("date") <= flt.until)
        rounds = rounds.filter(cond)
    if flt.players:
        wanted = list(flt.players)
        rounds = rounds.filter(
            pl.any_horizontal(pl.col(f"player_{i}").is_in(wanted) for i in range(1, MAX_SEATS + 1))
        )
    keys = rounds.select(KEYS)
    player_rounds = season.player_rounds.join(keys, on=KEYS, how="semi")
    bids = season.bids.join(keys, on=KEYS, how="semi")
    table, contracts = season_tables(player_rounds, bids, flt.players)
    return Season(
        rounds=rounds,
        player_rounds=player_rounds,
        tricks=season.tricks.join(keys, on=KEYS, how="semi"),
        season=table,
        excluded=season.excluded,
        files=season.files,
        bids=bids,
        contracts=contracts,
    )


def tricks_in(tricks: pl.DataFrame, season: Season) -> pl.DataFrame:
    """The rows of ``tricks`` (the whole season's, built on request:
    :meth:`napkifu.analysis.Loaded.tricks`) of the rounds ``season`` keeps."""
    return tricks.join(season.rounds.select(KEYS), on=KEYS, how="semi", maintain_order="left")


def excluded_in(excluded: pl.DataFrame, index: pl.DataFrame, flt: SeasonFilter) -> pl.DataFrame:
    """The rounds left out that the filter would show (issue 29: every page says
    what *its* view leaves out): a round by its game's date and preset and its own
    seats, a whole game by its date, preset and every seat of its rounds, each
    judged by :class:`SeasonFilter` itself. What nothing places (a whole file left
    out, a game without a round) is always listed: nothing says it is outside."""
    if not (flt.players or flt.presets or flt.since or flt.until) or excluded.is_empty():
        return excluded
    near = index.join(excluded.select("file", "game").unique(), on=["file", "game"], how="semi")
    games: dict[tuple[str, int], tuple[date | None, str, set[str]]] = {}
    seats: dict[tuple[str, int, int], tuple[str, ...]] = {}
    for file, game, rnd, day, preset, players in near.select(
        "file", "game", "round", "date", "preset", "players"
    ).iter_rows():
        seats[(file, game, rnd)] = tuple(players or ())
        games.setdefault((file, game), (parse_date(day), preset or "", set()))[2].update(
            players or ()
        )
    keep = []
    for file, game, rnd in excluded.select("file", "game", "round").iter_rows():
        known = games.get((file, game)) if game is not None else None
        if known is None:
            keep.append(True)
            continue
        day, preset, sat = known
        who = seats.get((file, game, rnd), tuple(sat)) if rnd is not None else tuple(sat)
        keep.append(flt.keeps_game(day, preset) and flt.keeps_seats(who))
    return excluded.filter(pl.Series(keep, dtype=pl.Boolean))
