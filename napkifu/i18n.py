"""English and Japanese: picking the language and the few words every view shares.

Each module keeps its own strings next to the code that uses them (as
``Text(en=..., ja=...)`` pairs); this module only decides which language a user
wants and holds the game's shared vocabulary, so that the CLI, the replay view
and the dashboard call things by the same names.
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from typing import Literal

Lang = Literal["en", "ja"]
LANGS: tuple[Lang, ...] = ("en", "ja")


def default_lang() -> Lang:
    """Japanese when the locale says so (LC_ALL, LC_MESSAGES, LANG, LANGUAGE), else English."""
    for var in ("NAPKIFU_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


@dataclass(frozen=True, slots=True)
class Text:
    """A string in both languages; ``format`` fills ``{placeholders}`` in either."""

    en: str
    ja: str

    def __call__(self, lang: Lang = "en", /, **values: object) -> str:
        template = self.ja if lang == "ja" else self.en
        return template.format(**values) if values else template


# The game's own words, shared by every view.
WORDS: dict[str, Text] = {
    "napoleon": Text("Napoleon", "ナポレオン"),
    "adjutant": Text("adjutant", "副官"),
    "allies": Text("allies", "連合軍"),
    "napoleon_side": Text("Napoleon's side", "ナポレオン軍"),
    "alone": Text("alone", "独り立ち"),
    "trick": Text("trick", "トリック"),
    "lead": Text("lead", "リード"),
    "trump": Text("trump", "切り札"),
    "no_trump": Text("no-trump", "ノートランプ"),
    "widow": Text("widow", "場札"),
    "discard": Text("discard", "捨て札"),
    "honors": Text("honors", "絵札"),
    "bid": Text("bid", "ビッド"),
    "pass": Text("pass", "パス"),
    "call": Text("called card", "副官指定"),
    "round": Text("round", "ラウンド"),
    "game": Text("game", "ゲーム"),
    "score": Text("score", "得点"),
    "total": Text("total", "累計"),
    "win": Text("win", "勝ち"),
    "loss": Text("loss", "負け"),
    "redeal": Text("redeal", "配り直し"),
    "mighty": Text("mighty", "マイティ"),
    "yoromeki": Text("yoromeki", "よろめき"),
    "joker": Text("joker", "ジョーカー"),
    "trump-jack": Text("trump-jack", "正ジャック"),
    "back-jack": Text("back-jack", "裏ジャック"),
    "same-two": Text("same-two", "セイムツー"),
    "joker-lead": Text("joker lead", "ジョーカーのリード"),
    "joker-follow": Text("joker", "ジョーカー"),
}


def word(key: str, lang: Lang = "en") -> str:
    """The game's word for ``key`` in ``lang`` (the key itself when unknown)."""
    text = WORDS.get(key)
    return text(lang) if text else key


def count(n: int, noun: str) -> str:
    """``n`` and an English noun in the right number ("1 card", "3 cards"): a
    message a player reads should not say "1 cards". (Japanese needs no plural.)"""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


# Column headers and cell values of the season tables, as people read them: the
# dashboard's tables (and any view showing these tables) use these, not raw names.
HEADERS: dict[str, Text] = {
    "rank": Text("Rank", "順位"),
    "player": Text("Player", "プレイヤー"),
    "points": Text("Points", "合計得点"),
    "points_avg": Text("Points/round", "平均得点"),
    "rounds": Text("Rounds", "ラウンド数"),
    "games": Text("Games", "ゲーム数"),
    "wins": Text("Wins", "勝ち"),
    "win_rate": Text("Win rate", "勝率"),
    "napoleon": Text("Napoleon", "ナポレオン"),
    "adjutant": Text("Adjutant", "副官"),
    "napoleon_rounds": Text("As Napoleon", "ナポレオン回数"),
    "napoleon_wins": Text("Napoleon wins", "ナポレオン勝ち"),
    "napoleon_win_rate": Text("Napoleon win rate", "ナポレオン勝率"),
    "adjutant_rounds": Text("As adjutant", "副官回数"),
    "adjutant_wins": Text("Adjutant wins", "副官勝ち"),
    "adjutant_win_rate": Text("Adjutant win rate", "副官勝率"),
    "allied_rounds": Text("As ally", "連合軍回数"),
    "allied_wins": Text("Ally wins", "連合軍勝ち"),
    "allied_win_rate": Text("Ally win rate", "連合軍勝率"),
    "alone_rounds": Text("Alone", "独り立ち回数"),
    "alone_wins": Text("Alone wins", "独り立ち勝ち"),
    "honors_avg": Text("Honors/round", "平均絵札"),
    "honors": Text("Honors", "絵札"),
    "partner": Text("Usual partner", "よく組む相手"),
    "partner_rounds": Text("Rounds with partner", "相手との回数"),
    "bids_made": Text("Bids", "ビッド回数"),
    "bid_avg": Text("Average bid", "平均ビッド"),
    "contracts_by_bid": Text("Contracts by bid", "枚数ごとの契約"),
    "bid": Text("Bid", "ビッド"),
    "trump": Text("Trump", "切り札"),
    "contract": Text("Contract", "契約"),
    "called": Text("Called card", "指定札"),
    "role": Text("Role", "役割"),
    "side": Text("Side", "陣営"),
    "won": Text("Result", "勝敗"),
    "result": Text("Result", "勝敗"),
    "file": Text("File", "ファイル"),
    "game": Text("Game", "ゲーム"),
    "round": Text("Round", "ラウンド"),
    "trick": Text("Trick", "トリック"),
    "date": Text("Date", "日付"),
    "line": Text("Line", "行"),
    "where": Text("Where", "場所"),
    "code": Text("Code", "コード"),
    "severity": Text("Severity", "重大度"),
    "message": Text("Message", "メッセージ"),
    "kind": Text("Kind", "種類"),
    "title": Text("Title", "ゲーム名"),
    "rating": Text("Rating", "レーティング"),
    "mu": Text("Skill (μ)", "実力 (μ)"),
    "sigma": Text("Uncertainty (σ)", "不確かさ (σ)"),
    "score": Text("Score", "得点"),
    "total": Text("Running total", "累計"),
    "honors_napoleon": Text("Honors (Napoleon's side)", "絵札（ナポレオン軍）"),
    "honors_allies": Text("Honors (allies)", "絵札（連合軍）"),
    "with_rounds": Text("Rounds together", "同じ陣営の回数"),
    "with_wins": Text("Won together", "同じ陣営で勝ち"),
    "against_rounds": Text("Rounds against", "敵同士の回数"),
    "against_wins": Text("Won against", "敵として勝ち"),
    "link": Text("Open", "開く"),
    # double-dummy accuracy (the dashboard's Players page)
    "cards": Text("Cards judged", "判定した札"),
    "best_rate": Text("Best cards", "最善手の割合"),
    "honors_lost": Text("Honors lost/round", "失った絵札/ラウンド"),
    "luck": Text("Against par/round", "パーとの差/ラウンド"),
}

VALUES: dict[str, Text] = {
    "napoleon": Text("Napoleon", "ナポレオン"),
    "adjutant": Text("adjutant", "副官"),
    "allied": Text("ally", "連合軍"),
    "allies": Text("allies", "連合軍"),
    "napoleon_side": Text("Napoleon's side", "ナポレオン軍"),
    "error": Text("error", "エラー"),
    "warning": Text("warning", "警告"),
    "note": Text("note", "注記"),
    "info": Text("info", "情報"),
    "full": Text("played", "プレイ"),
    "claim": Text("claim", "クレーム"),
    "score-sheet": Text("score sheet", "得点表"),
    "redeal": Text("redeal", "配り直し"),
    "true": Text("won", "勝ち"),
    "false": Text("lost", "負け"),
}
NONE_CELL = "—"
"""What an empty cell shows (never ``None``)."""


def header(column: str, lang: Lang = "en") -> str:
    """A table column's header in ``lang`` (the column's name when unknown)."""
    text = HEADERS.get(column)
    return text(lang) if text else column


def cell(value: object, lang: Lang = "en") -> str:
    """A coded cell value (a role, a severity, a round's kind, won/lost) in ``lang``."""
    if value is None:
        return NONE_CELL
    key = str(value).lower() if isinstance(value, bool) else str(value)
    text = VALUES.get(key)
    return text(lang) if text else str(value)


_X = r"(?P<x>.+?)"
_Y = r"(?P<y>.+?)"
_SOLVER_REASON_TEXTS: tuple[tuple[str, str], ...] = (
    (r"the round has errors \(napkifu check shows them\)",
     "ラウンドにエラーがあります（napkifu check で確認できます）"),
    (r"no tricks are recorded", "トリックが記録されていません"),
    (r"Napoleon's side is not known", "ナポレオン軍が分かりません"),
    (rf"the round ends after trick {_X} and the cards not played are not known "
     rf"\(no hand line for {_Y}\)",
     "トリック {x} で終わっていて、出されなかったカードが分かりません（{y} の hand 行がありません）"),
    (rf"the round ends after trick {_X} and the discards are not known",
     "トリック {x} で終わっていて、捨て札が分かりません"),
    (r"the hand lines do not agree with the discards", "hand 行が捨て札と合いません"),
    (r"the hand lines do not agree with the cards played", "hand 行が出されたカードと合いません"),
    (rf"trick {_X}: {_Y} plays out of turn", "トリック {x}: {y} の手番ではありません"),
    (rf"trick {_X}: the solver disagrees with the engine",
     "トリック {x}: 解析エンジンの判定が記録の判定と食い違います"),
    (r"the analysis engine is not installed \(run scripts/setup.sh\)",
     "解析エンジンがインストールされていません（scripts/setup.sh を実行してください）"),
    (rf"no card keeps the value {_X}", "値 {x} を保つカードがありません"),
    (rf"rule {_X} {_Y} is not supported by the solver",
     "ルール {x} {y} には解析エンジンが対応していません"),
    (rf"{_X} players are not supported by the solver",
     "{x} 人のゲームには解析エンジンが対応していません"),
    (rf"ladder class '{_X}' is not supported by the solver",
     "ラダーのクラス '{x}' には解析エンジンが対応していません"),
    (rf"rule option '{_X}' is missing", "ルールの設定 '{x}' がありません"),
    (rf"honor card {_X} is not a suited card", "絵札 {x} がスートのカードではありません"),
    (rf"trump suit {_X} is not a suit", "切り札 {x} がスートではありません"),
    (rf"card {_X} is not a playable card or is held twice",
     "カード {x} は出せるカードでないか、二重に持たれています"),
    (r"hands, leader or direction do not fit the players",
     "手札・リーダー・回る向きがプレイヤーの数と合いません"),
    (r"a seat of Napoleon's side is not at the table", "ナポレオン軍の席がテーブルにありません"),
    (r"a trick of cards 0\.\.52", "トリックのカードは 0〜52 です"),
    (r"the hands and the trick do not make whole tricks", "手札とトリックでトリックが揃いません"),
    (r"more cards than tricks", "カードがトリックの数より多くあります"),
)  # fmt: skip
"""Why the double-dummy solver refused a round (:class:`napkifu.solve.engine.Unsolvable`:
its own sentences and the compiled solver's), in Japanese; tests/test_solver_reasons.py
holds every sentence raised in napkifu/solve and solver/src to one of these."""


@functools.cache
def _solver_reasons() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The solver's reasons as patterns, compiled when first asked (only ``analyze``
    and the replay views ask; ~two dozen patterns are not compiled at every start)."""
    return tuple((re.compile(en), ja) for en, ja in _SOLVER_REASON_TEXTS)


def solver_reason(text: str, lang: Lang = "en") -> str:
    """The solver's reason for not analysing a round, in ``lang`` (one it does not
    know stays as said, in English, after a Japanese lead-in)."""
    if lang == "en":
        return text
    for pattern, ja in _solver_reasons():
        found = pattern.fullmatch(text)
        if found:
            return ja.format(**found.groupdict())
    return f"解析エンジンのメッセージ（英語）: {text}"
