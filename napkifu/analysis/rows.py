"""One file → the rows it contributes to each season table.

This is the per-file step of a season: a pure, top-level function of plain
arguments (:func:`file_rows`), so that a process pool can run it over many files
and only the rows travel back. Everything here reads the engine's judgement; no
rule is re-derived (honors, sides, wins and scores are the engine's).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from napkifu.analysis.columns import MAX_SEATS
from napkifu.analysis.filters import SeasonFilter, parse_date
from napkifu.cards import card_text
from napkifu.diagnostics import Diagnostic
from napkifu.replay.results import JudgedGame, JudgedRound, JudgedTrick, Judgement

Row = dict[str, Any]
_CARD = tuple(card_text(c) for c in range(54))  # card_text per card, looked up (hot path)


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
    """Judge the record at ``path`` and return its rows (a file that cannot be read
    becomes one excluded row, never an exception: one bad file must not stop a season)."""
    from napkifu.api import load

    try:
        judgement = load(path)
    except OSError as exc:
        rows = FileRows(path)
        rows.excluded.append(_excluded(path, None, None, None, "NAP106", f"cannot read: {exc}"))
        return rows
    return judgement_rows(judgement, filters)


def judgement_rows(judgement: Judgement, filters: SeasonFilter | None = None) -> FileRows:
    """The rows of a judged file; rounds with an error go to ``excluded``."""
    flt = filters or SeasonFilter()
    out = FileRows(judgement.file)
    errors = _ErrorMap(judgement)
    if not judgement.games and errors.file_level:
        d = errors.file_level
        out.excluded.append(_excluded(judgement.file, None, None, d.span.line, d.code, d.message))
    for game in judgement.games:
        day = parse_date(game.date)
        if not flt.keeps_game(day, game.preset) or not flt.keeps_seats(game.players):
            continue
        game_error = errors.for_game(game.number)
        if not game.rounds and game_error:
            out.excluded.append(_excluded(judgement.file, game.number, None, *_cause(game_error)))
        for rnd in game.rounds:
            if not flt.keeps_seats(rnd.players or game.players):
                continue
            error = errors.for_round(game.number, rnd.number)
            if error is not None:
                out.excluded.append(
                    _excluded(judgement.file, game.number, rnd.number, *_cause(error))
                )
                continue
            _add_round(out, judgement.file, game, rnd, day)
    return out


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


class _ErrorMap:
    """Every error of a file, pinned to the round (or game, or whole file) it breaks.

    A diagnostic that names its game and round belongs to that round; one that does
    not is placed by its line (the round, or game header, it stands in); what cannot
    be placed spoils the whole file. A round is excluded by its own error, its
    game's, or the file's; the earliest of those is the one reported.
    """

    def __init__(self, judgement: Judgement) -> None:
        diags = list(judgement.diagnostics)
        for game in judgement.games:
            diags.extend(game.diagnostics)
            for rnd in game.rounds:
                diags.extend(rnd.diagnostics)
        starts: list[tuple[int, int, int | None]] = []  # (line, game, round or None)
        for game in judgement.games:
            if game.source.span.line:
                starts.append((game.source.span.line, game.number, None))
            for rnd in game.rounds:
                line = rnd.span.line or rnd.source.meta.span.line
                if line:
                    starts.append((line, game.number, rnd.number))
        starts.sort(key=lambda s: (s[0], s[2] is not None))
        self.rounds: dict[tuple[int, int], Diagnostic] = {}
        self.games: dict[int, Diagnostic] = {}
        self.file_level: Diagnostic | None = None
        for d in sorted((d for d in diags if d.is_error), key=Diagnostic.sort_key):
            place = (d.game, d.round) if d.game is not None else _place(starts, d.span.line)
            if place[0] is not None and place[1] is not None:
                self.rounds.setdefault((place[0], place[1]), d)
            elif place[0] is not None:
                self.games.setdefault(place[0], d)
            elif self.file_level is None:
                self.file_level = d

    def for_game(self, game: int) -> Diagnostic | None:
        return _first(self.games.get(game), self.file_level)

    def for_round(self, game: int, rnd: int) -> Diagnostic | None:
        return _first(self.rounds.get((game, rnd)), self.games.get(game), self.file_level)


def _place(starts: list[tuple[int, int, int | None]], line: int) -> tuple[int | None, int | None]:
    found: tuple[int | None, int | None] = (None, None)
    for start, game, rnd in starts:
        if start > line:
            break
        found = (game, rnd)
    return found


def _first(*diags: Diagnostic | None) -> Diagnostic | None:
    present = [d for d in diags if d is not None]
    return min(present, key=Diagnostic.sort_key) if present else None


def trump_text(rnd: JudgedRound) -> str | None:
    if rnd.no_trump:
        return "NT"
    return rnd.trump.symbol if rnd.trump is not None else None


def _play_text(trick: JudgedTrick) -> list[str]:
    return [
        _CARD[p.card] if p.joker_suit is None else f"{_CARD[p.card]}>{p.joker_suit.symbol}"
        for p in trick.plays
    ]


def round_id(game: JudgedGame, rnd: JudgedRound) -> str:
    """A hash of what was played, not of where it was written: date, title, seats,
    round number, contract, called card, adjutant, every trick, a claim, the honors
    and the rules' scores. Optional lines that only restate the play (hands, widow,
    auction, dealer, written scores and totals, comments) are left out, so the same
    round copied with more or fewer of them keeps its id."""
    claim = rnd.source.claim.side if rnd.source.claim else ""
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
        ";".join(f"{t.leader}:{' '.join(_play_text(t))}" for t in rnd.tricks),
        claim,
        f"{rnd.honors_napoleon}/{rnd.honors_allies}",
        " ".join(f"{p}={v}" for p, v in sorted((rnd.scores or {}).items())),
    ]
    return hashlib.blake2b("\x1f".join(parts).encode("utf-8"), digest_size=8).hexdigest()


def _add_round(
    out: FileRows, file: str, game: JudgedGame, rnd: JudgedRound, day: date | None
) -> None:
    rid = round_id(game, rnd)
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
    _add_tricks(out, where, rnd, seats)


def _add_bids(out: FileRows, where: Row, rnd: JudgedRound) -> None:
    bids = rnd.source.all_bids
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
    game: JudgedGame,
    rnd: JudgedRound,
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


def _add_tricks(out: FileRows, where: Row, rnd: JudgedRound, seats: tuple[str, ...]) -> None:
    for trick in rnd.tricks:
        texts = _play_text(trick)
        row: Row = {
            **where,
            "trick": trick.number,
            "leader": trick.leader,
            "lead_suit": trick.lead_suit.symbol if trick.lead_suit is not None else None,
            "plays": " ".join(texts),
            "winner": trick.winner,
            "winning_class": trick.winning_class,
            "winner_side": trick.winner_side,
            "honors": " ".join(_CARD[c] for c in trick.honors),
            "honors_count": len(trick.honors),
        }
        by_player = {p.player: text for p, text in zip(trick.plays, texts, strict=True)}
        for i, name in enumerate(seats[:MAX_SEATS], start=1):
            row[f"card_{i}"] = by_player.get(name)
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
