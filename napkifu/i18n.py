"""English and Japanese: picking the language and the few words every view shares.

Each module keeps its own strings next to the code that uses them (as
``Text(en=..., ja=...)`` pairs); this module only decides which language a user
wants and holds the game's shared vocabulary, so that the CLI, the replay view
and the dashboard call things by the same names.
"""

from __future__ import annotations

import os
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
