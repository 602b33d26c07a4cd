"""Suggestions: the closest player name (NAP103) and card (NAP102), and no guess otherwise."""

from __future__ import annotations

import pytest

from napkifu.api import loads
from napkifu.notation.suggest import closest_card, closest_name, distance

SEATS = ("Haru", "さくら", "美咲", "Mina", "Riku", "Taro Y.")


@pytest.mark.parametrize(
    ("word", "meant"),
    [("サクラ", "さくら"), ("ｻｸﾗ", "さくら"), ("Sakura", "さくら"), ("haru", "Haru"),
     ("ＭＩＮＡ", "Mina"), ("Hary", "Haru"), ("Taro", "Taro Y."), ("Rikku", "Riku")],
)  # fmt: skip
def test_closest_name(word: str, meant: str) -> None:
    assert closest_name(word, SEATS) == meant


@pytest.mark.parametrize("word", ["Kenji", "美唉", "X"])
def test_no_guess_when_nothing_is_close_or_two_are(word: str) -> None:
    assert closest_name(word, (*SEATS, "Sora")) is None


@pytest.mark.parametrize(
    ("word", "meant"),
    [("♥11", "♥10"), ("♠1O", "♠10"), ("♠AA", "♠A"), ("Q♠", "♠Q"), ("H11", "H10")],
)
def test_closest_card_one_keystroke_away(word: str, meant: str) -> None:
    assert closest_card(word) == meant


@pytest.mark.parametrize("word", ["♠Z", "S1", "♠", "X10", "♥K9"])
def test_no_card_guess(word: str) -> None:
    assert closest_card(word) is None


def test_distance_counts_a_swap_as_one() -> None:
    assert distance("Hrau", "Haru") == 1 and distance("abc", "abc") == 0


def test_messages_carry_the_suggestion_in_both_languages() -> None:
    text = (
        "players Haru さくら Mina Riku Kei\nrules standard\n\nround 1\n"
        "  napoleon サクラ 14♠\n  call ♥11\n  adjutant Haru\n  result 15\n"
    )
    by_code = {d.code: d for d in loads(text).diagnostics}
    assert by_code["NAP103"].message.endswith("(did you mean さくら?)")
    assert by_code["NAP103"].message_ja.endswith("（さくら のことですか？）")  # type: ignore[union-attr]
    assert by_code["NAP102"].message.endswith("(did you mean ♥10?)")
    assert by_code["NAP102"].message_ja.endswith("（♥10 のことですか？）")  # type: ignore[union-attr]


def test_no_guess_between_two_equally_close_names() -> None:
    assert closest_name("Sura", ("Sora", "Sara")) is None
    assert closest_name("Sara", ("Sora", "Haru")) == "Sora"
