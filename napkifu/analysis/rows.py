"""One file → the rows it contributes to each season table.

This is the per-file step of a season: a pure, top-level function of plain
arguments (:func:`file_rows`), so that a process pool can run it over many files
and only the rows travel back. Everything here reads a judgement, never
re-deriving a rule (honors, sides, wins and scores are the engine's): the engine's
own, or for a record the express lane proves clean, the facts the lane gathered
on the way (:func:`express_rows`; :mod:`napkifu.analysis.judged` states what is
read of either).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from napkifu.analysis.columns import MAX_SEATS
from napkifu.analysis.filters import SeasonFilter, parse_date
from napkifu.analysis.judged import GameLike, RoundLike, TrickLike
from napkifu.analysis.placing import ErrorMap
from napkifu.cards import Suit, card_text
from napkifu.diagnostics import Diagnostic
from napkifu.gcpause import paused_gc
from napkifu.replay.results import Judgement

Row = dict[str, Any]
_CARD = tuple(card_text(c) for c in range(54))  # card_text per card, looked up (hot path)
_SYMBOL: dict[Suit | None, str | None] = {None: None, **{s: s.symbol for s in Suit}}


@dataclass(slots=True)
class FileRows:
    """The rows of one file, before duplicates across files are marked."""

    file: str
    rounds: list[Row] = field(default_factory=list)
    player_rounds: list[Row] = field(default_factory=list)
    tricks: list[Row] = field(default_factory=list)
    bids: list[Row] = field(default_factory=list)
    excluded: list[Row] = field(default_factory=list)


def file_rows(path: str, filters: SeasonFilter | None = None) -> FileRows:
    """Judge the record at ``path`` game by game and return its rows (a file that
    cannot be read becomes one excluded row, never an exception: one bad file must
    not stop a season). Only one game's model is alive at a time; the rows are
    what is kept."""
    (rows,) = file_row_chunks(path, filters)
    return rows


def file_row_chunks(
    path: str, filters: SeasonFilter | None = None, every: int | None = None
) -> Iterator[FileRows]:
    """:func:`file_rows` in pieces of about ``every`` rounds (None: one piece), so
    that even the rows of a 100,000-round file need not be held at once. A file
    that fails part way ends with a piece holding just its excluded row."""
    from napkifu.api import WHOLE_FILE_LIMIT, iter_load, iter_loads

    try:
        with paused_gc():
            if every is None and os.stat(path).st_size <= WHOLE_FILE_LIMIT:
                data = Path(path).read_bytes()
                rows = express_rows(data, path, filters)
                if rows is not None:
                    yield rows
                    return
                judgements = iter_loads(data, file=path)  # the same bytes, not read again
            else:  # a big file, or wanted in pieces: read in chunks, never whole
                judgements = iter_load(path)
            yield from iter_rows(judgements, path, filters, every)
    except OSError as exc:
        out = FileRows(path)
        out.excluded.append(_excluded(path, None, None, None, "NAP106", f"cannot read: {exc}"))
        yield out
    except Exception as exc:  # a bug: this file is left out, the season goes on
        out = FileRows(path)
        message = f"internal error, please report: {type(exc).__name__}: {exc}"
        out.excluded.append(_excluded(path, None, None, None, "NAP900", message))
        yield out


def express_rows(
    data: bytes,
    file: str,
    filters: SeasonFilter | None = None,
    also: Callable[[GameLike], None] | None = None,
) -> FileRows | None:
    """The rows of a record given as bytes when the express lane proves it clean
    (:func:`napkifu.express.clean_games`): the same rows, made from the lane's facts
    without the record model, each game's as soon as the lane has proved it, so
    only one game's facts are held (``also`` sees each game too). None when the
    record must be judged the ordinary way."""
    from napkifu.express import clean_games, lane_lines

    lines = lane_lines(data, file, None)[1]
    if lines is None:
        return None
    out, flt = FileRows(file), filters or SeasonFilter()

    def take(game: GameLike) -> None:
        _add_games(out, file, (game,), flt, None)
        if also is not None:
            also(game)

    return out if clean_games(lines, take) else None


def rows_of(
    judgements: Iterator[Judgement], path: str, filters: SeasonFilter | None = None
) -> FileRows:
    """The rows of one file judged game by game (the judgements of
    :func:`napkifu.api.iter_load`); raises what the judgements raise."""
    (rows,) = iter_rows(judgements, path, filters)
    return rows


def iter_rows(
    judgements: Iterator[Judgement],
    path: str,
    filters: SeasonFilter | None = None,
    every: int | None = None,
) -> Iterator[FileRows]:
    """:func:`rows_of` in pieces of about ``every`` rounds (at least one piece).

    An error of the whole file spoils every round of it; iter_load gives such
    errors with the first game, so they are known before any round is kept.
    Should one come later, the rounds of pieces already given stay in."""
    flt = filters or SeasonFilter()
    out = FileRows(path)
    spoiled: Diagnostic | None = None  # an error that spoils the whole file
    any_games = False
    for judgement in judgements:
        errors = ErrorMap(judgement, spoiled)
        if errors.file_level is not None and spoiled is None and any_games:
            _spoil(out, errors.file_level)  # found late: the earlier games go too
        spoiled = errors.file_level
        any_games = any_games or bool(judgement.games)
        _add_games(out, path, judgement.games, flt, errors)
        if every is not None and len(out.rounds) + len(out.excluded) >= every:
            yield out
            out = FileRows(path)
    if not any_games and spoiled is not None:
        out.excluded.insert(0, _excluded(path, None, None, *_cause(spoiled)))
    yield out


def judgement_rows(judgement: Judgement, filters: SeasonFilter | None = None) -> FileRows:
    """The rows of a judged file; rounds with an error go to ``excluded``. (The
    judged tricks are built here, on first read, with the rows: with the cyclic
    collector running, that took four times as long.)"""
    with paused_gc():
        return rows_of(iter((judgement,)), judgement.file, filters)


def _add_games(
    out: FileRows,
    file: str,
    games: Iterable[GameLike],
    flt: SeasonFilter,
    errors: ErrorMap | None,
) -> None:
    """The rows of ``games``; ``errors`` None: a clean record's, none excluded."""
    for game in games:
        day = parse_date(game.date)
        if not flt.keeps_game(day, game.preset) or not flt.keeps_seats(game.players):
            continue
        game_error = errors.for_game(game.number) if errors is not None else None
        if not game.rounds and game_error:
            out.excluded.append(_excluded(file, game.number, None, *_cause(game_error)))
        for rnd in game.rounds:
            if not flt.keeps_seats(rnd.players or game.players):
                continue
            error = errors.for_round(game.number, rnd.number) if errors is not None else None
            if error is not None:
                out.excluded.append(_excluded(file, game.number, rnd.number, *_cause(error)))
                continue
            _add_round(out, file, game, rnd, day)


def _spoil(out: FileRows, d: Diagnostic) -> None:
    """Exclude every round kept so far for ``d``, an error of the whole file that
    showed up with a later game; the excluded rows stay in game and round order."""
    for row in out.rounds:
        out.excluded.append(_excluded(out.file, row["game"], row["round"], *_cause(d)))
    out.excluded.sort(key=lambda r: (r["game"] or 0, -1 if r["round"] is None else r["round"]))
    out.rounds.clear()
    out.player_rounds.clear()
    out.tricks.clear()
    out.bids.clear()


def _cause(d: Diagnostic) -> tuple[int, str, str]:
    return d.span.line, d.code, d.message


def _excluded(
    file: str, game: int | None, rnd: int | None, line: int | None, code: str, message: str
) -> Row:
    return {
        "file": file,
        "game": game,
        "round": rnd,
        "line": line,
        "code": code,
        "message": message,
    }


def trump_text(rnd: RoundLike) -> str | None:
    if rnd.no_trump:
        return "NT"
    return rnd.trump.symbol if rnd.trump is not None else None


def _play_text(trick: TrickLike) -> list[str]:
    return [
        _CARD[p.card] if p.joker_suit is None else f"{_CARD[p.card]}>{p.joker_suit.symbol}"
        for p in trick.plays
    ]


def round_id(game: GameLike, rnd: RoundLike, plays: list[list[str]] | None = None) -> str:
    """A hash of what was played, not of where it was written: date, title, seats,
    round number, contract, called card, adjutant, every trick, a claim, the honors
    and the rules' scores. Optional lines that only restate the play (hands, widow,
    auction, dealer, written scores and totals, comments) are left out, so the same
    round copied with more or fewer of them keeps its id. ``plays``: each trick's
    :func:`_play_text`, when the caller has them already."""
    if plays is None:
        plays = [_play_text(t) for t in rnd.tricks]
    claim = rnd.claim_side or ""
    parts = [
        game.date or "",
        game.title or "",
        " ".join(rnd.players),
        str(rnd.number),
        rnd.kind,
        rnd.napoleon or "",
        f"{rnd.bid_count}{trump_text(rnd)}",
        card_text(rnd.called) if rnd.called is not None else "",
        rnd.adjutant or "",
        ";".join(f"{t.leader}:{' '.join(p)}" for t, p in zip(rnd.tricks, plays, strict=True)),
        claim,
        f"{rnd.honors_napoleon}/{rnd.honors_allies}",
        " ".join(f"{p}={v}" for p, v in sorted((rnd.scores or {}).items())),
    ]
    return hashlib.blake2b("\x1f".join(parts).encode("utf-8"), digest_size=8).hexdigest()


def _add_round(out: FileRows, file: str, game: GameLike, rnd: RoundLike, day: date | None) -> None:
    plays = [_play_text(t) for t in rnd.tricks]
    rid = round_id(game, rnd, plays)
    where = {
        "round_id": rid,
        "file": file,
        "game": game.number,
        "round": rnd.number,
        "date": day,
        "year": day.year if day else None,
    }
    seats = rnd.players or game.players
    points = rnd.scores if rnd.scores is not None else rnd.written_scores
    trump = trump_text(rnd)
    row: Row = {
        **where,
        "game_title": game.title,
        "kind": rnd.kind,
        "preset": game.preset,
        "players_count": len(seats),
        "dealer": rnd.dealer,
        "napoleon": rnd.napoleon,
        "bid": rnd.bid_count,
        "trump": trump,
        "contract": f"{rnd.bid_count}{trump}" if rnd.bid_count is not None else None,
        "called": card_text(rnd.called) if rnd.called is not None else None,
        "adjutant": rnd.adjutant,
        "alone": rnd.alone if rnd.napoleon else None,
        "honors_napoleon": rnd.honors_napoleon,
        "honors_allies": rnd.honors_allies,
        "win": rnd.win,
        "twenty": rnd.twenty if rnd.napoleon else None,
        "duplicate_of": None,
    }
    for i, name in enumerate(seats[:MAX_SEATS], start=1):
        row[f"player_{i}"] = name
        row[f"score_{i}"] = points.get(name) if points else None
    out.rounds.append(row)
    if rnd.kind == "redeal" or rnd.napoleon is None:
        return
    _add_bids(out, where, rnd)
    _add_player_rounds(out, where, game, rnd, seats, points, trump)
    _add_tricks(out, where, rnd, seats, plays)


def _add_bids(out: FileRows, where: Row, rnd: RoundLike) -> None:
    bids = rnd.all_bids
    if not bids:
        out.bids.append(
            {**where, "order": 1, "player": rnd.napoleon, "bid": rnd.bid_count,
             "trump": trump_text(rnd), "source": "napoleon"}
        )  # fmt: skip
        return
    for order, (bid, player) in enumerate(zip(bids, rnd.bid_players, strict=False), start=1):
        trump = None if bid.is_pass else ("NT" if bid.suit is None else bid.suit.symbol)
        out.bids.append(
            {**where, "order": order, "player": player, "bid": bid.count, "trump": trump,
             "source": "bids"}
        )  # fmt: skip


def _add_player_rounds(
    out: FileRows,
    where: Row,
    game: GameLike,
    rnd: RoundLike,
    seats: tuple[str, ...],
    points: dict[str, int] | None,
    trump: str | None,
) -> None:
    captured: dict[str, int] = {}
    for trick in rnd.tricks:
        captured[trick.winner] = captured.get(trick.winner, 0) + len(trick.honors)
    known = rnd.adjutant_known or rnd.alone or len(seats) == 3
    for seat, player in enumerate(seats, start=1):
        if player == rnd.napoleon:
            role, side, partner = "napoleon", "napoleon", rnd.adjutant
        elif rnd.adjutant is not None and player == rnd.adjutant:
            role, side, partner = "adjutant", "napoleon", rnd.napoleon
        elif known:
            role, side, partner = "allied", "allies", None
        else:
            role, side, partner = None, None, None
        won = None if side is None or rnd.win is None else (rnd.win == (side == "napoleon"))
        out.player_rounds.append(
            {
                **where,
                "preset": game.preset,
                "player": player,
                "seat": seat,
                "role": role,
                "side": side,
                "alone": rnd.alone,
                "bid": rnd.bid_count,
                "trump": trump,
                "points": points.get(player) if points else None,
                "honors": captured.get(player, 0) if rnd.tricks else None,
                "won": won,
                "partner": partner,
            }
        )


def _add_tricks(
    out: FileRows, where: Row, rnd: RoundLike, seats: tuple[str, ...], plays: list[list[str]]
) -> None:
    column = {name: f"card_{i}" for i, name in enumerate(seats[:MAX_SEATS], start=1)}
    base = {**where, **dict.fromkeys(column.values())}  # each trick's row starts as a copy
    for trick, texts in zip(rnd.tricks, plays, strict=True):
        honors = trick.honors
        row: Row = base.copy()
        row["trick"] = trick.number
        row["leader"] = trick.leader
        row["lead_suit"] = _SYMBOL[trick.lead_suit]
        row["plays"] = " ".join(texts)
        row["winner"] = trick.winner
        row["winning_class"] = trick.winning_class
        row["winner_side"] = trick.winner_side
        row["honors"] = " ".join([_CARD[c] for c in honors])
        row["honors_count"] = len(honors)
        for play, text in zip(trick.plays, texts, strict=True):
            key = column.get(play.player)
            if key is not None:
                row[key] = text
        out.tricks.append(row)


def expand_paths(paths: list[str | Path] | tuple[str | Path, ...]) -> list[str]:
    """Files as given, directories as every ``*.nap`` beneath them (sorted, so that
    which of two duplicate rounds counts as the original is reproducible).
    Raises FileNotFoundError for a path that does not exist."""
    files: list[str] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            files.extend(str(f) for f in sorted(p.rglob("*.nap")) if f.is_file())
        elif p.exists():
            files.append(str(p))
        else:
            raise FileNotFoundError(str(p))
    return files
