"""The notation's diagnostics in a player's words, English and Japanese.

Syntax (NAP101 unexpected text, NAP102 not a card/bid): Lark says which terminals it
expected; this module says what that means at the table ("expected the cards
played", "`♠13` is not a card: `13` is not a rank") and marks exactly the offending
word. A word in the card part of a card line (hand, widow, discard, call, a trick) is
NAP102 "not a card"; in the bid part of ``bids``/``napoleon`` it is NAP102 "not a
bid"; everything else is NAP101.

Structure (NAP103 unknown player, NAP105 a line misplaced, repeated or missing):
:data:`STRUCTURE` holds their words and :func:`diagnostic` makes one, for
:mod:`napkifu.notation.structure`, which finds them.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from napkifu.cards import SUIT_BY_TEXT, parse_card
from napkifu.diagnostics import Diagnostic
from napkifu.i18n import LANGS, Text
from napkifu.model import Span
from napkifu.notation.suggest import DID_YOU_MEAN, closest_card, closest_name

if TYPE_CHECKING:
    from lark.exceptions import UnexpectedInput

_CARD_RUNS = frozenset(("CARDS", "PLAYS", "CARD"))
_BID_RUNS = frozenset(("BIDS", "BID"))
_LINE_END = frozenset(("COMMENT", "_NL", "$END"))
_CARD_LINES = frozenset(("hand", "widow", "discard", "call"))
_BID_LINES = frozenset(("bids", "napoleon"))
_RANK_WORD = re.compile(r"(?:10|[AKQJT2-9])+")
_KEYWORDS = [
    "game",
    "date",
    "place",
    "tag",
    "players",
    "rules",
    "rule",
    "alias",
    "round",
    "dealer",
    "hand",
    "widow",
    "bids",
    "napoleon",
    "call",
    "adjutant",
    "discard",
    "claim",
    "result",
    "score",
    "total",
]
"""The words that start a line (the grammar's ``K_…`` terminals; a test keeps them in step)."""
_RESERVED = frozenset(
    [k for k in _KEYWORDS if k != "alias"] + ["pass", "P", "NT", "none", "allies"]
)
"""The words a bare name may not be (the grammar's ``_NOT_RESERVED``); ``alias`` (v1.1)
starts a line but stays a name elsewhere, so that v1 records naming a player so still read."""
_VALUES: dict[str, tuple[str, ...]] = {
    "OUTCOME": ("win", "lose", "勝ち", "負け"),
    "SIDE": ("napoleon", "allies"),
    "NONE": ("none",),
}
"""The fixed words a line's value may be, by the grammar's terminal."""
_BID_WORD = re.compile(r"\d+(?:NT|[SHDC♠♥♦♣♤♡♢♧])|pass|P|-")
_NAME_WORD = re.compile(r"[^\W\d][\w.\-]*")

EXPECTED: dict[str, Text] = {
    "NAME": Text("a player's name", "プレイヤー名"),
    "STRING": Text('a "quoted text"', '"引用符で囲んだ文字列"'),
    "LEADER": Text("the trick's leader (`Name:`)", "リードしたプレイヤー（`名前:`）"),
    "PLAYS": Text("the cards played (♠A ♥10 JK …)", "出されたカード（♠A ♥10 JK …）"),
    "CARDS": Text("cards (♠A K 9 ♥J8 JK ?)", "カード（♠A K 9 ♥J8 JK ?）"),
    "CARD": Text("a card (♠A, H10, JK)", "カード（♠A, H10, JK）"),
    "BID": Text("a bid (13♥, 14S, 12NT)", "ビッド（13♥, 14S, 12NT）"),
    "BIDS": Text("bids (Sora:13♥ pass 14♠ …)", "ビッド（Sora:13♥ pass 14♠ …）"),
    "INT": Text("a number", "数"),
    "SCORE": Text("points (+2, -1, 0)", "点数（+2, -1, 0）"),
    "DATE": Text("a date (2026-11-28)", "日付（2026-11-28）"),
    "WORD": Text("a word", "語"),
    "NONE": Text("`none`", "`none`"),
    "SIDE": Text("`napoleon` or `allies`", "`napoleon` か `allies`"),
    "OUTCOME": Text("`win`/`lose` (勝ち/負け)", "`win`/`lose`（勝ち/負け）"),
    "END": Text("the end of the line", "行末"),
}
_LINE_START = Text(
    "a line such as `round 1`, `players …`, `bids …`, `call ♥J`, or a trick (`1 ♠A ♠K …`)",
    "`round 1`、`players …`、`bids …`、`call ♥J` などの行、またはトリック（`1 ♠A ♠K …`）",
)
MSG = {
    "unexpected": Text(
        "found {found} where {expected} was expected",
        "{expected} があるべきところに {found} があります",
    ),
    "reserved": Text(
        "found `{word}` where {expected} was expected: `{word}` is a keyword, card or bid, so a "
        'player named so must be written in double quotes ("{word}")',
        "{expected} があるべきところに `{word}` があります。`{word}` はキーワード・カード・"
        'ビッドなので、この名前は二重引用符で囲んでください（"{word}"）',
    ),
    "leader_colon": Text(
        "found `{word}` where the cards played were expected: write `{word}:` if {word} led the trick",
        "出されたカードがあるべきところに `{word}` があります。{word} がリードしたなら `{word}:` と書いてください",
    ),
    "keyword_case": Text(
        "found `{word}`: keywords are lowercase (`{lower}`)",
        "`{word}` があります。キーワードは小文字です（`{lower}`）",
    ),
    "keyword_typo": Text(
        "found `{word}` where {expected} was expected (did you mean `{keyword}`?)",
        "{expected} があるべきところに `{word}` があります（`{keyword}` のことですか？）",
    ),
    "wide_space": Text(
        "found a full-width space (U+3000) where {expected} was expected: use an ordinary space",
        "{expected} があるべきところに全角スペースがあります。半角スペースを使ってください",
    ),
    "not_card": Text("`{word}` is not a card: {why}", "`{word}` はカードではありません: {why}"),
    "not_bid": Text(
        "`{word}` is not a bid: a bid is a count then a suit (13♥, 14S), a count then NT (12NT), "
        "or pass (P, -)",
        "`{word}` はビッドではありません。ビッドは枚数とスート（13♥, 14S）、枚数と NT（12NT）、"
        "またはパス（pass, P, -）です",
    ),
}
WHY = {
    "rank": Text(
        "`{rank}` is not a rank (A K Q J 10 9 8 7 6 5 4 3 2; T for 10)",
        "`{rank}` はランクではありません（A K Q J 10 9 8 7 6 5 4 3 2。T は 10）",
    ),
    "suit": Text(
        "a card is a suit (♠ ♥ ♦ ♣ or uppercase S H D C) then a rank, or JK",
        "カードはスート（♠ ♥ ♦ ♣ または大文字の S H D C）とランク、または JK です",
    ),
    "bare": Text(
        "a bare rank must follow a suit or another rank of its group (♠A K 9)",
        "スートのないランクは、スートかそのグループのランクの後にしか書けません（♠A K 9）",
    ),
    "unknown": Text(
        "`?` (an unknown card) is allowed only in hand, widow and discard",
        "`?`（不明なカード）は hand・widow・discard でだけ使えます",
    ),
    "joker_suit": Text(
        "only a led joker names a suit, touching it (JK>♥)",
        "スートを指定できるのはリードしたジョーカーだけです（JK>♥ のように続けて書きます）",
    ),
    "space": Text("cards must be separated by spaces", "カードは空白で区切ってください"),
    "extra": Text("one card was expected here", "ここにはカードが 1 枚だけ入ります"),
}


def _keyword_meant(word: str, expected: set[str]) -> str | None:
    """The keyword (or fixed value: ``win``, ``allies``, …) that ``word`` was meant to
    be, when the parser wanted one there: the same word in another case, or the one
    word a keystroke or two away."""
    if any(n.startswith("K_") for n in expected):
        known: list[str] = list(_KEYWORDS)
    else:
        known = [v for n in sorted(expected) for v in _VALUES.get(n, ())]
    if not known or word in known:
        return None
    if word.lower() in known:
        return word.lower()
    if not 3 <= len(word) <= 12 or not _NAME_WORD.fullmatch(word):
        return None  # a number, a card, a two-letter word or a runaway token: none meant
    return closest_name(word.lower(), known)


def _word_at(line: str, col: int) -> str:
    """The whitespace-delimited text starting at 1-based ``col`` (the offending word)."""
    rest = line[col - 1 :]
    m = re.match(r"\S+", rest)
    return m.group() if m else ""


def _describe(expected: set[str], lang: str) -> str:
    names = sorted(expected - {"COMMENT", "_NL", "$END", "_WS"})
    if "NAME" in names or "LEADER" in names:  # a quoted name is still a name
        names = [n for n in names if n != "STRING"]
    if any(n.startswith("K_") for n in names):
        return _LINE_START(lang)  # type: ignore[arg-type]
    parts = [EXPECTED[n](lang) for n in names if n in EXPECTED]  # type: ignore[arg-type]
    if expected & _LINE_END or not parts:
        parts.append(EXPECTED["END"](lang))  # type: ignore[arg-type]
    sep = " or " if lang == "en" else "・"
    return sep.join(dict.fromkeys(parts))


def _why_not_card(word: str, in_trick: bool) -> tuple[str, dict[str, str]]:
    if word.startswith("?"):
        return "unknown", {}
    if word.startswith(">"):
        return "joker_suit", {}
    head = word[0]
    if head in SUIT_BY_TEXT:
        rank = word[1:].rstrip("!?")
        if ">" in rank:
            rank = rank.split(">")[0]
        if parse_card(head + rank) is not None:
            return ("space" if in_trick else "extra"), {}
        if len(rank) > 20:
            rank = rank[:19] + "…"
        return "rank", {"rank": rank or "(none)"}
    if _RANK_WORD.fullmatch(word):
        return "bare", {}
    return "suit", {}


_ODD_SPACES = frozenset("\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2028\u2029\u202f\u205f")
"""Characters Python's ``str.split`` takes for spaces but the notation does not."""


def syntax_diagnostic(
    err: UnexpectedInput,
    line_text: str,
    line_no: int,
    file: str,
    game: int | None,
    rnd: int | None,
) -> Diagnostic:
    """The NAP101/NAP102 diagnostic for a syntax error in ``line_text`` (line ``line_no``)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken  # (Lark raised err)

    if isinstance(err, UnexpectedToken):
        expected = set(err.expected)
        col = err.token.column if err.token.type != "$END" else len(line_text.rstrip()) + 1
    elif isinstance(err, UnexpectedCharacters):
        expected = set(err.allowed or ())
        col = err.column
    else:  # pragma: no cover - LALR raises only the two above
        expected, col = set(), 1
    col = col if isinstance(col, int) and col > 0 else 1
    word = _word_at(line_text, col)
    stripped = line_text.lstrip()
    first = stripped.split(None, 1)[0] if stripped else ""
    is_trick = first.isdigit()
    code, key, values = "NAP101", "unexpected", {}
    at_end = not word or word.startswith("#")
    if at_end:
        word = ""
    card_part = bool(expected & _CARD_RUNS) or (bool(expected) and expected <= _LINE_END)
    bid_part = bool(expected & _BID_RUNS) or (bool(expected) and expected <= _LINE_END)
    if line_text[col - 1 : col] == "\u3000":
        key, word = "wide_space", "\u3000"
    elif word and (keyword := _keyword_meant(word, expected)) is not None:
        key = "keyword_case" if keyword == word.lower() else "keyword_typo"
        values = {"word": word, "lower": keyword, "keyword": keyword}
    elif word and is_trick and "LEADER" in expected and _NAME_WORD.fullmatch(word):
        key, values = "leader_colon", {"word": word}
    elif word and (is_trick or first in _CARD_LINES) and card_part and not word.startswith('"'):
        why, extra = _why_not_card(word, is_trick)
        code, key = "NAP102", "not_card"
        values = {"word": word, "why_key": why, **extra}
    elif word and first in _BID_LINES and bid_part and not _NAME_WORD.fullmatch(word):
        code, key, values = "NAP102", "not_bid", {"word": word}
    elif (
        word
        and ("NAME" in expected or "LEADER" in expected)
        and (word in _RESERVED or parse_card(word) is not None or _BID_WORD.fullmatch(word))
    ):
        key, values = "reserved", {"word": word}
    end = col + max(len(word), 1)
    if len(word) > 40:  # a runaway token: the span covers it, the message need not
        word = word[:39] + "…"
        values = {k: (word if k == "word" else v) for k, v in values.items()}
    span = Span(line_no, col, line_no, end)
    texts = {}
    for lang in ("en", "ja"):
        v = dict(values)
        why_key = v.pop("why_key", None)
        if why_key is not None:
            v["why"] = WHY[why_key](lang, **v)  # type: ignore[arg-type]
        v["expected"] = _describe(expected, lang)
        if key == "unexpected":
            odd = line_text[col - 1 : col]  # a character str.split takes for a space
            if word:
                v["found"] = f"`{word}`"
            elif odd and (odd in _ODD_SPACES or unicodedata.category(odd) == "Cc"):
                name = unicodedata.name(odd, "").lower()
                v["found"] = (
                    f"U+{ord(odd):04X} ({name or 'a control character'})"
                    if lang == "en"
                    else f"U+{ord(odd):04X}（{name or '制御文字'}）"
                )
            else:
                v["found"] = "the end of the line" if lang == "en" else "行末"
        texts[lang] = MSG[key](lang, **v)  # type: ignore[arg-type]
        if key == "not_card" and (card := closest_card(word)) is not None:
            texts[lang] += DID_YOU_MEAN(lang, what=card)  # type: ignore[arg-type]
    return Diagnostic(code, texts["en"], span, file, game, rnd, None, texts["ja"])


# ---- structure: NAP103, NAP105 --------------------------------------------------------
STRUCTURE = {
    "header_after_round": Text(
        "`{kind}` is a game header and must come before the game's first round",
        "`{kind}` はゲームのヘッダーなので、最初の round より前に書いてください",
    ),
    "rules_after_rule": Text(
        "`rules` must come before any `rule` line",
        "`rules` は `rule` 行より前に書いてください",
    ),
    "repeated_header": Text(
        "a second `{kind}` line in this game (line {first} already gives it); only the first counts",
        "このゲームで 2 つ目の `{kind}` 行です（{first} 行目にあります）。最初の行だけが有効です",
    ),
    "repeated_line": Text(
        "round {round}: a second `{kind}` line (line {first} already gives it); only the first counts",
        "ラウンド {round}: 2 つ目の `{kind}` 行です（{first} 行目にあります）。最初の行だけが有効です",
    ),
    "repeated_hand": Text(
        "round {round}: a second `hand` line for {player} (line {first}); only the first counts",
        "ラウンド {round}: {player} の `hand` 行が 2 つあります（{first} 行目）。最初の行だけが有効です",
    ),
    "outside_round": Text(
        "`{kind}` line before any `round` line: round lines belong to a round",
        "`{kind}` 行が round 行より前にあります。ラウンドの行は round の後に書いてください",
    ),
    "trick_outside_round": Text(
        "trick {number} before any `round` line: tricks belong to a round",
        "round 行より前にトリック {number} があります",
    ),
    "out_of_order": Text(
        "round {round}: `{kind}` must come before `{before}` (line {line})",
        "ラウンド {round}: `{kind}` は `{before}`（{line} 行目）より前に書いてください",
    ),
    "round_number": Text(
        "round {number} where round {expected} was expected (rounds are numbered 1, 2, 3 … in order)",
        "ラウンド {expected} のはずがラウンド {number} です（ラウンド番号は 1, 2, 3 … の順）",
    ),
    "trick_number": Text(
        "round {round}: trick {number} where trick {expected} was expected (tricks are numbered 1, 2, 3 … in order)",
        "ラウンド {round}: トリック {expected} のはずがトリック {number} です（1, 2, 3 … の順）",
    ),
    "repeated_trick": Text(
        "round {round}: trick {number} is written twice (line {first}); only the first counts",
        "ラウンド {round}: トリック {number} が 2 回あります（{first} 行目）。最初の行だけが有効です",
    ),
    "no_players": Text(
        "game {game} has no `players` line: the seats must be given before the first round",
        "ゲーム {game} に `players` 行がありません。最初の round より前に席順を書いてください",
    ),
    "players_count": Text(
        "`players` names {count} players; a game has 3 to 6",
        "`players` に {count} 人います。ゲームは 3 〜 6 人です",
    ),
    "players_twice": Text(
        "{player} is listed twice in `players`",
        "{player} が `players` に 2 回あります",
    ),
    "unknown_player": Text(
        "{player} is not one of the players ({players})",
        "{player} は `players`（{players}）にいません",
    ),
    "missing_contract": Text(
        "round {round} has no `napoleon` or `bids` line: who was Napoleon?",
        "ラウンド {round} に `napoleon` 行も `bids` 行もありません（ナポレオンが誰か分かりません）",
    ),
    "missing_line_sheet": Text(
        "round {round} records no tricks, so it needs a `{kind}` line to be judged",
        "ラウンド {round} にはトリックがないので、判定には `{kind}` 行が必要です",
    ),
    "missing_call": Text(
        "round {round} records the play but has no `call` line (the adjutant card)",
        "ラウンド {round} はプレイを記録していますが `call` 行（副官指定）がありません",
    ),
}


def diagnostic(
    code: str,
    key: str,
    span: Span,
    file: str,
    game_no: int | None,
    rnd: int | None = None,
    trick: int | None = None,
    /,
    **values: object,
) -> Diagnostic:
    """A structure diagnostic (``key`` of :data:`STRUCTURE`) in both languages, with a
    "did you mean …?" when ``values`` hold a ``suggestion``."""
    text = STRUCTURE[key]
    suggestion = values.pop("suggestion", None)  # "did you mean …?" (napkifu.notation.suggest)
    hint = {lang: DID_YOU_MEAN(lang, what=suggestion) if suggestion else "" for lang in LANGS}
    return Diagnostic(
        code,
        text("en", **values) + hint["en"],
        span,
        file,
        game_no,
        rnd,
        trick,
        text("ja", **values) + hint["ja"],
    )
