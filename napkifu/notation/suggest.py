""" "Did you mean …?": the closest player name (NAP103) and card (NAP102).

A suggestion is offered only when it is very likely what was meant; a wrong
guess in an error message sends the scorer the wrong way. Names are compared
after folding what a keyboard varies (full-width and half-width forms, katakana
and hiragana, upper and lower case, kana and its romaji), then by edit distance;
a card is suggested only when exactly one card is one keystroke away.
"""

from __future__ import annotations

import unicodedata

from napkifu.i18n import Text

DID_YOU_MEAN = Text(" (did you mean {what}?)", "（{what} のことですか？）")

_ROMAJI = dict(
    zip(
        "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
        "がぎぐげござじずぜぞだぢづでどばびぶべぼぱぴぷぺぽぁぃぅぇぉっゃゅょ",
        [
            "a",
            "i",
            "u",
            "e",
            "o",
            "ka",
            "ki",
            "ku",
            "ke",
            "ko",
            "sa",
            "shi",
            "su",
            "se",
            "so",
            "ta",
            "chi",
            "tsu",
            "te",
            "to",
            "na",
            "ni",
            "nu",
            "ne",
            "no",
            "ha",
            "hi",
            "fu",
            "he",
            "ho",
            "ma",
            "mi",
            "mu",
            "me",
            "mo",
            "ya",
            "yu",
            "yo",
            "ra",
            "ri",
            "ru",
            "re",
            "ro",
            "wa",
            "wo",
            "n",
            "ga",
            "gi",
            "gu",
            "ge",
            "go",
            "za",
            "ji",
            "zu",
            "ze",
            "zo",
            "da",
            "ji",
            "zu",
            "de",
            "do",
            "ba",
            "bi",
            "bu",
            "be",
            "bo",
            "pa",
            "pi",
            "pu",
            "pe",
            "po",
            "a",
            "i",
            "u",
            "e",
            "o",
            "-",
            "ya",
            "yu",
            "yo",
        ],
        strict=True,
    )
)


def _kana(text: str) -> str:
    """NFKC, katakana as hiragana, lower case: ｻｸﾗ, サクラ, さくら are one name."""
    text = unicodedata.normalize("NFKC", text).lower()
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)


def _romaji(text: str) -> str:
    """The name's kana spelt in romaji (other letters kept), for さくら against Sakura."""
    out: list[str] = []
    for ch in _kana(text):
        r = _ROMAJI.get(ch)
        if r == "-":  # small っ doubles the next consonant; approximated by nothing
            continue
        if r in ("ya", "yu", "yo") and ch in "ゃゅょ" and out and out[-1].endswith("i"):
            out[-1] = out[-1][:-1] + r[1:] if out[-1] in ("shi", "chi", "ji") else out[-1][:-1] + r
            continue
        out.append(r if r is not None else ("" if ch == "ー" else ch))
    return "".join(out)


def distance(a: str, b: str) -> int:
    """Levenshtein distance with adjacent transpositions (one keystroke each)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, prev2[j - 2] + 1)
            row.append(cost)
        prev2, prev = prev, row
    return prev[-1]


def closest_name(word: str, names: list[str] | tuple[str, ...]) -> str | None:
    """The one player name ``word`` most likely means, or None when none is close
    or two are equally close."""
    firsts = [n for n in names if _kana(n).split()[0] == _kana(word)]  # Taro for "Taro Y."
    if len(firsts) == 1:
        return firsts[0]
    scored = []
    for name in names:
        folded = min(distance(_kana(word), _kana(name)), distance(_romaji(word), _romaji(name)))
        scored.append((folded, name))
    scored.sort()
    if not scored:
        return None
    best, name = scored[0]
    allowed = 0 if len(_romaji(name)) < 3 else 1 if len(_romaji(name)) < 6 else 2
    if best > allowed or (len(scored) > 1 and scored[1][0] == best):
        return None
    return name


_KEYS = "♠♥♦♣SHDCAKQJT1234567890"


def closest_card(word: str) -> str | None:
    """The one card one keystroke away from ``word`` (a key added, dropped, changed,
    or two swapped), or None when there is none or more than one."""
    from napkifu.cards import parse_card

    edits = set()
    for i in range(len(word) + 1):
        for key in _KEYS:
            edits.add(word[:i] + key + word[i:])
            if i < len(word):
                edits.add(word[:i] + key + word[i + 1 :])
        if i < len(word):
            edits.add(word[:i] + word[i + 1 :])
        if i + 1 < len(word):
            edits.add(word[:i] + word[i + 1] + word[i] + word[i + 2 :])
    edits.discard(word)
    found = {c for c in edits if parse_card(c) is not None and not c[:1].isdigit()}
    cards = {str(parse_card(c)) for c in found}
    return found.pop() if len(found) == 1 or (len(cards) == 1 and found) else None
