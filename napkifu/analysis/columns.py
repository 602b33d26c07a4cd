"""Every column of the season tables: its type and meaning, in English and Japanese.

One description serves three readers: the table builders (the polars schema is
derived from it, so a column cannot exist without being documented), the dashboard
(tooltips in either language) and the README (``columns_markdown``).

A column's type is named, not imported: the row code reads this module too, and a
judging worker that only builds rows starts without polars (0.3 s of CPU, 60 % of
its start); :func:`schema` imports polars when a frame is made.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import polars as pl

MAX_SEATS = 6
"""Napoleon is played by 3 to 6 players; seat columns run ``_1`` .. ``_6``."""


@dataclass(frozen=True, slots=True)
class Column:
    kind: str
    """The polars type's name (``String``, ``Int64``…): :attr:`dtype`."""
    en: str
    ja: str

    def text(self, lang: str = "en") -> str:
        return self.ja if lang == "ja" else self.en

    @property
    def dtype(self) -> pl.DataType:
        """The column's polars type."""
        import polars as pl

        return getattr(pl, self.kind)()  # type: ignore[no-any-return]


_S, _I, _F, _B, _D = "String", "Int64", "Float64", "Boolean", "Date"

_WHERE: dict[str, Column] = {
    "round_id": Column(
        _S,
        "stable id of the round: a hash of its content (date, seats, round number, auction, "
        "contract, cards, result, scores), not of its file or position; equal ids mean the "
        "same round recorded twice",
        "ラウンドの識別子（内容のハッシュ。ファイルや位置によらず、同じラウンドは同じ値）",
    ),
    "file": Column(_S, "the record file", "記録ファイル"),
    "game": Column(_I, "game number within the file (from 1)", "ファイル内のゲーム番号（1から）"),
    "round": Column(_I, "round number within the game", "ゲーム内のラウンド番号"),
    "date": Column(_D, "the game's date (null when absent)", "ゲームの日付（なければ空）"),
    "year": Column(
        "Int32", "year of the date (the Parquet partition)", "日付の年（Parquet の分割キー）"
    ),
}


def _seat_columns(prefix: str, kind: str, en: str, ja: str) -> dict[str, Column]:
    return {
        f"{prefix}_{i}": Column(kind, f"{en} of seat {i}", f"{i} 番目の席の{ja}")
        for i in range(1, MAX_SEATS + 1)
    }


ROUNDS: dict[str, Column] = {
    **{k: _WHERE[k] for k in ("round_id", "file", "game")},
    "game_title": Column(_S, "the game's title (`game` line)", "ゲーム名（game 行）"),
    **{k: _WHERE[k] for k in ("date", "year", "round")},
    "kind": Column(
        _S,
        "full (every trick), claim (play stopped by a claim), score-sheet (no tricks) or redeal",
        "full（全トリック）・claim（途中で宣言）・score-sheet（得点のみ）・redeal（配り直し）",
    ),
    "preset": Column(_S, "the rules preset (`rules` line)", "ルールのプリセット"),
    "players_count": Column(_I, "number of players (3 to 6)", "プレイヤー数（3〜6）"),
    "dealer": Column(_S, "the dealer, when written", "ディーラー（記録があれば）"),
    "napoleon": Column(_S, "Napoleon (null for a redeal)", "ナポレオン（配り直しは空）"),
    "bid": Column(_I, "the winning bid's count", "勝ったビッドの枚数"),
    "trump": Column(_S, "the trump suit (♠ ♥ ♦ ♣) or NT", "切り札（♠ ♥ ♦ ♣ または NT）"),
    "contract": Column(_S, "bid and trump, as written in a record (`14♠`)", "契約（14♠ など）"),
    "called": Column(_S, "the called card that names the adjutant", "副官指定カード"),
    "adjutant": Column(
        _S, "the adjutant (null when alone or with 3 players)", "副官（独り立ち・3人戦は空）"
    ),
    "alone": Column(_B, "Napoleon played alone", "ナポレオンの独り立ち"),
    "honors_napoleon": Column(
        _I, "honors credited to Napoleon's side (discards per the rules)", "ナポレオン軍の絵札枚数"
    ),
    "honors_allies": Column(_I, "honors credited to the allies", "連合軍の絵札枚数"),
    "win": Column(_B, "Napoleon's side made the contract", "ナポレオン軍の勝ち"),
    "twenty": Column(_B, "Napoleon's side took every honor", "ナポレオン軍が絵札を全部取った"),
    **_seat_columns("player", _S, "name", "プレイヤー名"),
    **_seat_columns("score", _I, "points for the round", "得点"),
    "scores_from": Column(
        _S,
        "where the score columns come from: rules (the rules' scores, also when the "
        "sheet's `score` line differs, NAP602), sheet (the written `score` line, when "
        "the rules give none: `scoring none`, or the adjutant unknown), null for none; "
        "`total` lines are only checked, never used",
        "得点列の出所: rules（ルールでの得点。score 行と違っても）、sheet（記録された "
        "score 行。ルールで決まらないとき）、なしは空。total 行は照合のみで使わない",
    ),
    "duplicate_of": Column(
        _S,
        "`file:game:round` of an earlier round with the same round_id; such a round is "
        "left out of player_rounds, tricks and season",
        "同じ round_id を持つ先のラウンド（file:game:round）。重複は集計しない",
    ),
}

PLAYER_ROUNDS: dict[str, Column] = {
    **{k: _WHERE[k] for k in ("round_id", "file", "game", "round", "date", "year")},
    "preset": ROUNDS["preset"],
    "player": Column(_S, "the player", "プレイヤー"),
    "seat": Column(_I, "seat in the `players` line (from 1)", "席順（players 行、1から）"),
    "role": Column(_S, "napoleon, adjutant or allied", "役割: napoleon・adjutant・allied"),
    "side": Column(_S, "napoleon or allies", "陣営: napoleon・allies"),
    "alone": ROUNDS["alone"],
    "bid": ROUNDS["bid"],
    "trump": ROUNDS["trump"],
    "points": Column(
        _I,
        "the player's score for the round (the rules' score; the written one under "
        "`scoring none`; null when neither exists)",
        "そのラウンドの得点",
    ),
    "honors": Column(
        _I,
        "honors in the tricks this player won (null without recorded tricks; honors of a "
        "claim's remaining tricks or of the discards belong to no player)",
        "自分が取ったトリックの絵札枚数（トリックの記録がなければ空）",
    ),
    "won": Column(_B, "the player's side won the round", "自分の陣営が勝った"),
    "partner": Column(
        _S,
        "Napoleon's adjutant, or the adjutant's Napoleon",
        "相棒（ナポレオンなら副官、副官ならナポレオン）",
    ),
}

TRICKS: dict[str, Column] = {
    **{k: _WHERE[k] for k in ("round_id", "file", "game", "round", "date", "year")},
    "trick": Column(_I, "trick number (from 1)", "トリック番号"),
    "leader": Column(_S, "who led", "リードしたプレイヤー"),
    "lead_suit": Column(_S, "the lead suit (null when a led joker names none)", "台札のスート"),
    "plays": Column(_S, "the cards in the order played", "出された順のカード"),
    "winner": Column(_S, "who won the trick", "トリックを取ったプレイヤー"),
    "winning_class": Column(
        _S,
        "the ladder class of the winning card (mighty, trump, lead …)",
        "勝ったカードの強さの区分",
    ),
    "winner_side": Column(_S, "napoleon or allies", "取った陣営"),
    "honors": Column(_S, "the honors in the trick", "トリック内の絵札"),
    "honors_count": Column(_I, "how many honors", "絵札の枚数"),
    **_seat_columns("card", _S, "card played", "出したカード"),
}

BIDS: dict[str, Column] = {
    **{k: _WHERE[k] for k in ("round_id", "file", "game", "round", "date", "year")},
    "order": Column(_I, "position in the auction (from 1)", "競りの順番"),
    "player": Column(_S, "who bid (null when the record does not say)", "ビッドしたプレイヤー"),
    "bid": Column(_I, "the count (null for a pass)", "ビッドの枚数（パスは空）"),
    "trump": Column(_S, "the suit or NT (null for a pass)", "スートまたは NT（パスは空）"),
    "source": Column(
        _S,
        "bids (a `bids` line) or napoleon (no auction recorded: the `napoleon` line's bid)",
        "bids（競りの記録）または napoleon（競りの記録がなく napoleon 行から）",
    ),
}

SEASON: dict[str, Column] = {
    "player": PLAYER_ROUNDS["player"],
    "games": Column(_I, "games with at least one counted round", "参加したゲーム数"),
    "rounds": Column(
        _I,
        "rounds played (redeals, excluded and duplicate rounds not counted)",
        "プレイしたラウンド数",
    ),
    "points": Column(_I, "total points (null when no round had any: `scoring none`)", "合計得点"),
    "points_avg": Column(_F, "average points per round", "1ラウンドあたりの平均得点"),
    "napoleon_rounds": Column(_I, "rounds as Napoleon", "ナポレオン回数"),
    "napoleon_wins": Column(_I, "of which won", "うち勝ち"),
    "napoleon_win_rate": Column(_F, "napoleon_wins / napoleon_rounds", "ナポレオン勝率"),
    "adjutant_rounds": Column(_I, "rounds as the adjutant", "副官回数"),
    "adjutant_wins": Column(_I, "of which won", "うち勝ち"),
    "adjutant_win_rate": Column(_F, "adjutant_wins / adjutant_rounds", "副官勝率"),
    "allied_rounds": Column(_I, "rounds as an allied player", "連合軍回数"),
    "allied_wins": Column(
        _I, "of which won (Napoleon's side lost)", "うち勝ち（ナポレオン軍の負け）"
    ),
    "allied_win_rate": Column(_F, "allied_wins / allied_rounds", "連合軍勝率"),
    "bids_made": Column(
        _I,
        "bids (not passes) made in the auctions; a round without `bids` lines counts "
        "Napoleon's bid once",
        "競りで出したビッドの数（パスを除く）",
    ),
    "bid_avg": Column(_F, "average count of those bids", "ビッドの平均枚数"),
    "contracts_by_bid": Column(
        _S,
        "contracts as Napoleon by bid level, wins/rounds (`13:2/3 14:0/1`)",
        "ビッド枚数ごとのナポレオンの成績（勝ち/回数）",
    ),
    "alone_rounds": Column(_I, "rounds as Napoleon alone", "独り立ちの回数"),
    "alone_wins": Column(_I, "of which won", "うち勝ち"),
    "honors_avg": Column(
        _F,
        "average honors captured per round with recorded tricks",
        "1ラウンドあたりの平均取得絵札",
    ),
    "partner": Column(
        _S,
        "most frequent partner (Napoleon↔adjutant), ties broken by name",
        "最も多い相棒（ナポレオン↔副官）",
    ),
    "partner_rounds": Column(_I, "rounds with that partner", "その相棒との回数"),
}

CONTRACTS: dict[str, Column] = {
    "player": SEASON["player"],
    "bid": ROUNDS["bid"],
    "rounds": Column(_I, "contracts of this count as Napoleon", "この枚数でのナポレオン回数"),
    "wins": Column(_I, "of which won", "うち勝ち"),
    "win_rate": Column(_F, "wins / rounds", "勝率"),
}

EXCLUDED: dict[str, Column] = {
    "file": _WHERE["file"],
    "game": Column(_I, "game number (null: the whole file)", "ゲーム番号（空: ファイル全体）"),
    "round": Column(
        _I, "round number (null: every round of the game)", "ラウンド番号（空: ゲーム全体）"
    ),
    "line": Column(_I, "line of the first error", "最初のエラーの行"),
    "code": Column(_S, "its diagnostic code (NAP…)", "診断コード"),
    "message": Column(_S, "its message", "メッセージ"),
}

COLUMNS: dict[str, dict[str, Column]] = {
    "rounds": ROUNDS,
    "player_rounds": PLAYER_ROUNDS,
    "tricks": TRICKS,
    "bids": BIDS,
    "season": SEASON,
    "contracts": CONTRACTS,
    "excluded": EXCLUDED,
}
"""Table name → column name → :class:`Column` (type, English and Japanese meaning)."""


def schema(table: str) -> dict[str, pl.DataType]:
    """The polars schema of ``table``, in column order (a dict of its own)."""
    return dict(_schema(table))


@functools.cache
def _schema(table: str) -> dict[str, pl.DataType]:
    return {name: col.dtype for name, col in COLUMNS[table].items()}


def columns_markdown(table: str, lang: str = "en") -> str:
    """A markdown table of ``table``'s columns, for the README."""
    lines = ["| column | type | meaning |", "|---|---|---|"]
    for name, col in COLUMNS[table].items():
        lines.append(f"| `{name}` | {col.kind} | {col.text(lang)} |")
    return "\n".join(lines)


_TABLE_INTRO = {
    "rounds": "One row per round (redeals included, duplicates marked).",
    "player_rounds": "One row per player per counted round (not redeals, not duplicates).",
    "tricks": "One row per recorded trick of a counted round.",
    "bids": "One row per call of each counted round's auction.",
    "season": "One row per player: the season table.",
    "contracts": "One row per player and bid level as Napoleon (contract success by bid level).",
    "excluded": "One row per round left out for an error (per game or file when the error "
    "is in its headers or cannot be placed).",
}


def readme_columns() -> str:
    """The column reference (docs/tables.md holds it verbatim; a test compares)."""
    parts = [
        "## Columns\n\nSeat columns run `_1` to `_6` in the order of the `players` line "
        "(empty beyond the number of players). Suits and cards are written with ♠ ♥ ♦ ♣ "
        "(`NT` for no-trump).\n"
    ]
    for table, intro in _TABLE_INTRO.items():
        parts.append(f"\n### `{table}`\n\n{intro}\n\n{columns_markdown(table)}\n")
    return "".join(parts)
