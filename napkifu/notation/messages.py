"""The words of the structure diagnostics (NAP103, NAP105), in English and Japanese."""

from __future__ import annotations

from napkifu.diagnostics import Diagnostic
from napkifu.i18n import LANGS, Text
from napkifu.model import Span
from napkifu.notation.suggest import DID_YOU_MEAN

MSG = {
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
    text = MSG[key]
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
