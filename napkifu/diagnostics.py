"""Diagnostics as data: the code registry and the :class:`Diagnostic` record.

Every layer (notation, rules, replay) reports problems as ``Diagnostic`` values;
the text and JSON renderers, the replay view and the dashboard's Problems page all
read the same list. Codes are stable: a code's meaning never changes once released.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from napkifu.model import Span


class Severity(StrEnum):
    """How much a diagnostic asks of the scorer: an error makes ``check`` fail; a
    warning is probably a slip but may be the table's custom; a note only says what
    napkifu could not judge (given once per file, never a fault)."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """What a stable code means: its severity and one-line summary in English and
    Japanese (what ``napkifu explain`` says first)."""

    code: str
    severity: Severity
    summary: str
    summary_ja: str


_E, _W, _N = Severity.ERROR, Severity.WARNING, Severity.NOTE
CODES: dict[str, CodeInfo] = {
    c.code: c
    for c in [
        CodeInfo(
            "NAP101",
            _E,
            "syntax: unexpected character or token",
            "構文エラー: 予期しない文字・トークン",
        ),
        CodeInfo("NAP102", _E, "not a card, or not a bid", "カードまたはビッドとして読めない"),
        CodeInfo("NAP103", _E, "unknown player name", "プレイヤー名が players にない"),
        CodeInfo(
            "NAP104",
            _E,
            "unknown preset, option or value; or an unsupported rule",
            "不明なプリセット・オプション・値、または未対応のルール",
        ),
        CodeInfo("NAP105", _E, "misplaced, repeated or missing line", "行の位置・重複・欠落"),
        CodeInfo(
            "NAP106",
            _E,
            "file cannot be read or decoded",
            "ファイルを読めない・文字コードを解釈できない",
        ),
        CodeInfo("NAP107", _W, "no records found in a folder", "フォルダに記録が見つからない"),
        CodeInfo(
            "NAP108",
            _W,
            "player name with look-alike letters of another script, or bidi controls",
            "プレイヤー名に他の文字体系の似た文字、または双方向制御文字がある",
        ),
        CodeInfo("NAP201", _E, "card appears twice in the deal", "配札に同じカードが二度ある"),
        CodeInfo(
            "NAP202",
            _E,
            "wrong number of cards in a hand, widow or discard",
            "手札・場札・捨て札の枚数が違う",
        ),
        CodeInfo("NAP203", _E, "card not in this deck", "このデッキにないカード"),
        CodeInfo(
            "NAP204",
            _E,
            "given hand or widow disagrees with the play",
            "記録された手札・場札がプレイと矛盾する",
        ),
        CodeInfo(
            "NAP301",
            _E,
            "bid out of range, or no-trump not allowed",
            "ビッドが範囲外、またはノートランプ不可",
        ),
        CodeInfo(
            "NAP302", _E, "bid not higher than the standing bid", "ビッドが現在のビッドより高くない"
        ),
        CodeInfo(
            "NAP303",
            _E,
            "bid out of turn, or by a player who is out",
            "手番違い、または降りたプレイヤーのビッド",
        ),
        CodeInfo(
            "NAP304",
            _E,
            "auction unfinished, or play after an all-pass",
            "競りが終わっていない、または全員パスの後に行がある",
        ),
        CodeInfo(
            "NAP305", _E, "napoleon line disagrees with the auction", "napoleon 行が競りと矛盾する"
        ),
        CodeInfo("NAP401", _E, "adjutant card not allowed", "副官指定カードが認められない"),
        CodeInfo(
            "NAP402",
            _E,
            "adjutant line disagrees with who held the card",
            "adjutant 行が指定カードの持ち主と矛盾する",
        ),
        CodeInfo("NAP501", _E, "wrong leader for a trick", "リードするプレイヤーが違う"),
        CodeInfo(
            "NAP502",
            _E,
            "wrong number of cards in a trick, or tricks missing",
            "トリックの枚数が違う、またはトリックが足りない",
        ),
        CodeInfo(
            "NAP503",
            _E,
            "card played by a player who cannot hold it",
            "持っているはずのないカードが出された",
        ),
        CodeInfo(
            "NAP504",
            _E,
            "revoke: did not follow the lead suit while holding it",
            "リボーク: 台札のスートを持っているのに出さなかった",
        ),
        CodeInfo(
            "NAP505",
            _E,
            "did not play trumps on a joker trump request",
            "ジョーカーの切り札請求に切り札を出さなかった",
        ),
        CodeInfo(
            "NAP506",
            _E,
            "did not play the joker on a ♣3 joker request",
            "♣3 のジョーカー請求にジョーカーを出さなかった",
        ),
        CodeInfo(
            "NAP507",
            _E,
            "opening-lead restriction broken; joker suit missing or not allowed",
            "初手リードの制限違反、またはジョーカーのスート指定の誤り",
        ),
        CodeInfo(
            "NAP601",
            _E,
            "result disagrees with the honors captured in play",
            "result がプレイで取った絵札の枚数と矛盾する",
        ),
        CodeInfo("NAP602", _E, "mis-scored round", "得点の計算違い"),
        CodeInfo(
            "NAP603",
            _E,
            "total disagrees with the sum of the scores",
            "total が得点の累計と合わない",
        ),
        CodeInfo(
            "NAP604", _W, "written scores do not sum to zero", "記録された得点の合計が 0 にならない"
        ),
        CodeInfo(
            "NAP605",
            _N,
            "part of the scoring not judged: the honors count is unknown",
            "絵札の枚数が分からないため、得点の一部を判定していない",
        ),
        CodeInfo(
            "NAP701", _W, "dealer is not the next seat", "ディーラーが前のラウンドの次の席ではない"
        ),
        CodeInfo(
            "NAP900",
            _E,
            "internal error while judging a round (please report it)",
            "判定中の内部エラー（報告してください）",
        ),
    ]
}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a record.

    ``message`` is the English text; ``message_ja`` the Japanese one when the
    reporter wrote it (renderers fall back to English). ``game``, ``round`` and
    ``trick`` are 1-based and None where they do not apply.
    """

    code: str
    message: str
    span: Span
    file: str = ""
    game: int | None = None
    round: int | None = None
    trick: int | None = None
    message_ja: str | None = None
    severity_override: Severity | None = None  # e.g. NAP106 as a warning (read as CP932)

    @property
    def severity(self) -> Severity:
        if self.severity_override is not None:
            return self.severity_override
        return CODES[self.code].severity

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    @property
    def is_note(self) -> bool:
        return self.severity is Severity.NOTE

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.file, self.span.line, self.span.column, self.code)

    def to_json(self) -> dict[str, object]:
        """The object ``--format json`` prints (keys as NOTATION.md fixes them)."""
        return {
            "file": self.file,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "game": self.game,
            "round": self.round,
            "trick": self.trick,
        }


class Budget:
    """What ``check --max-diagnostics`` still lets one file keep, told to the
    reader and the judge so that they stop *making* diagnostics, not just showing
    them: 2 MB of bad lines in one game once cost 980 MB whatever the cap.

    ``room`` is the places left; ``erred`` says an error was already kept or
    counted, so the exit status is known. A producer holding ``count`` new
    diagnostics asks :meth:`enough`: once the room is filled and the status is
    known, nothing more is worth reading, and it sets ``stopped``. While only
    warnings fill it, reading goes on (an error may still come) and the extra
    warnings are counted and dropped (:meth:`drop_warnings`)."""

    __slots__ = ("erred", "hidden_warnings", "room", "stopped")

    def __init__(self, room: int) -> None:
        self.room = room
        self.erred = False
        self.stopped = False
        self.hidden_warnings = 0

    def enough(self, count: int, errors: bool) -> bool:
        return count >= self.room and (errors or self.erred)

    def spend(self, found: list[Diagnostic]) -> None:
        """``found`` was handed over: it takes room (a judge of the same game sees less)."""
        self.room -= len(found)
        self.erred = self.erred or any(d.is_error for d in found)

    def drop_warnings(self, keep: list[Diagnostic], *others: list[Diagnostic]) -> None:
        """Only warnings past the room: the first ones (in file order) stay in ``keep``,
        ``others`` are emptied, the rest counted."""
        found = sorted([*keep, *(d for part in others for d in part)], key=Diagnostic.sort_key)
        room = max(self.room, 0)
        self.hidden_warnings += max(len(found) - room, 0)
        keep[:] = found[:room]
        for part in others:
            part.clear()
