"""The score sheet: a round's ``score`` line against the rules (NAP602, NAP604) and
the game's ``total`` lines against the running totals (NAP603).

One slip, one error (NOTATION.md v1.1 §2–3): every player the rules score
differently is NAP602, and an unbalanced line adds the NAP604 warning. A total is
wrong only when it matches neither the rules' running total nor the previous
*written* total plus this round's score, so a total copied wrong is one error and
the same slip carried into later totals is not reported again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from napkifu.model import Round
from napkifu.replay.report import Reporter
from napkifu.replay.scoring import napoleon_wins
from napkifu.rules.build import Rules


def check_score(
    rnd: Round, scores: Mapping[str, int] | None, players: Sequence[str], rep: Reporter
) -> dict[str, int] | None:
    """The written scores of ``rnd`` (None without a ``score`` line), reported where
    they disagree with the rules' ``scores`` (None: not judged)."""
    if rnd.score is None:
        return None
    written = {e.player.name: e.points for e in rnd.score.entries}
    if scores is None:
        return written
    wrong = [p for p in players if written.get(p) != scores[p]]
    if wrong:
        first = next((e for e in rnd.score.entries if e.player.name in wrong), None)
        span = first.span if first is not None else rnd.score.meta.span
        parts = ", ".join(f"{p} {scores[p]:+d} (written {_w(written.get(p))})" for p in wrong)
        parts_ja = "、".join(f"{p} {scores[p]:+d}（記録は{_w_ja(written.get(p))}）" for p in wrong)
        rep.add(
            "NAP602",
            span,
            f"mis-scored: the rules give {parts}",
            f"得点の計算違い: ルールでは {parts_ja}",
        )
    if sum(scores.values()) == 0 and sum(written.values()) != 0:
        exp = ", ".join(f"{p} {scores[p]:+d}" for p in wrong)
        rep.add(
            "NAP604",
            rnd.score.meta.span,
            f"the written scores sum to {sum(written.values()):+d}, not 0 (the rules give {exp})",
            f"記録された得点の合計が {sum(written.values()):+d} で 0 にならない"
            f"（ルールでは {exp}）",
        )
    return written


def check_result(
    rules: Rules, rnd: Round, bid: int, honors: int | None, rep: Reporter
) -> bool | None:
    """Whether Napoleon's side won: from the honors credited to it (``honors``, from
    the play or the ``result`` line), else from a written outcome (``result win``,
    v1.1); None when unknown. Reports a ``result`` that cannot be (NAP601)."""
    line = rnd.result
    if line is not None and line.honors is not None and not 0 <= line.honors <= rules.honors_total:
        rep.add(
            "NAP601",
            line.value_span,
            f"result {line.honors} is impossible: there are {rules.honors_total} honors",
            f"result {line.honors} はありえない（絵札は {rules.honors_total} 枚）",
        )
    if honors is None:
        return line.won if line is not None else None
    win = napoleon_wins(rules, bid, honors)
    if line is not None and line.won is not None and line.won != win:
        said, said_ja = ("win", "勝ち") if line.won else ("lose", "負け")
        truth, truth_ja = ("won", "勝ち") if win else ("lost", "負け")
        rep.add(
            "NAP601",
            line.value_span,
            f"result {said} disagrees: with {honors} honors for a bid of {bid}, "
            f"Napoleon's side {truth}",
            f"result {said_ja} が矛盾: 絵札 {honors} 枚でビッド {bid} なら、ナポレオン軍の{truth_ja}",
        )
        return None  # which of the two is the slip is unknown: nothing follows from it
    return win


def shutout_unknown(
    rnd: Round, scores: dict[str, int], honors_napoleon: int | None, rep: Reporter
) -> dict[str, int] | None:
    """The scores of a lost round under ``double-shutout`` when the honors credited to
    the allies are unknown (``result lose``, NOTATION.md v1.1 §1): the allies may
    have taken every honor, so the score may be doubled. That part is left unjudged
    and a note (NAP605) says so: a ``score`` line written either way stands (and is
    judged against the nearer of the two); with none, the round's score is unknown
    (None)."""
    if honors_napoleon:  # Napoleon's side was credited with an honor: no shutout
        return scores
    doubled = {p: 2 * s for p, s in scores.items()}
    rep.add(
        "NAP605",
        rnd.result.value_span if rnd.result is not None else rnd.meta.span,
        "`result lose` gives no honors count, so whether the allies took every honor "
        "(`rule double-shutout`: the score doubles) is not judged: a score written doubled "
        "or not stands (said once per file)",
        "`result 負け` では絵札の枚数が分からないため、連合軍が絵札を全部取ったか"
        "（`rule double-shutout`: 得点が倍）は判定しません。倍の得点も倍でない得点も認めます"
        "（このファイルで一度だけ表示）",
    )
    if rnd.score is None:
        return None
    written = {e.player.name: e.points for e in rnd.score.entries}

    def off(by_rules: dict[str, int]) -> int:
        return sum(1 for p, v in by_rules.items() if written.get(p) != v)

    # A slip in a doubled line is judged against the doubled scores, not the plain ones.
    return doubled if off(doubled) < off(scores) else scores


def _w(v: int | None) -> str:
    return "nothing" if v is None else f"{v:+d}"


def _w_ja(v: int | None) -> str:
    return "なし" if v is None else f" {v:+d}"


class RunningTotals:
    """The game's running totals by the rules, and as the sheet last wrote them.

    ``by_rules`` adds each round's score by the rules (the written score standing in
    where the rules give none, e.g. ``scoring none``); ``by_sheet`` restarts from
    every written ``total`` and then adds the same scores. Both are None once a
    round's score is unknown, until a ``total`` line gives a new start.
    """

    __slots__ = ("by_rules", "by_sheet")

    def __init__(self, players: Sequence[str]) -> None:
        self.by_rules: dict[str, int] | None = dict.fromkeys(players, 0)
        self.by_sheet: dict[str, int] | None = dict.fromkeys(players, 0)

    def add_round(self, rnd: Round, points: Mapping[str, int] | None, rep: Reporter) -> None:
        """Add one round's ``points`` (None: unknown, nothing to add for a round that
        scores nothing) and check its ``total`` line."""
        if points is None:
            self.by_rules = self.by_sheet = None
        elif points:
            before = self.by_rules
            self.by_rules = _plus(before, points)
            # (most sheets agree with the rules: the same totals, one dict for both; the
            # two are only ever replaced, never changed in place)
            same = self.by_sheet == before
            self.by_sheet = self.by_rules if same else _plus(self.by_sheet, points)
        if rnd.total is None:
            return
        written = {e.player.name: e.points for e in rnd.total.entries}
        rules, sheet = self.by_rules, self.by_sheet
        if rules is not None:
            wrong = [
                e
                for e in rnd.total.entries
                if e.points != rules.get(e.player.name)
                and (sheet is None or e.points != sheet.get(e.player.name))
            ]
            if wrong:
                parts = ", ".join(
                    f"{e.player.name} {_expected(rules, sheet, e.player.name)} "
                    f"(written {e.points:+d})"
                    for e in wrong
                )
                parts_ja = "、".join(
                    f"{e.player.name} {_expected(rules, sheet, e.player.name, ' または ')}"
                    f"（記録は {e.points:+d}）"
                    for e in wrong
                )
                rep.add(
                    "NAP603",
                    wrong[0].span,
                    f"total disagrees with the running total: expected {parts}",
                    f"total が得点の累計と合わない: 正しくは {parts_ja}",
                )
        base = rules if rules is not None else {}
        self.by_sheet = {p: written.get(p, base.get(p, 0)) for p in _keys(rules, written)}
        if rules is None:
            self.by_rules = dict(self.by_sheet)


def _plus(run: dict[str, int] | None, points: Mapping[str, int]) -> dict[str, int] | None:
    if run is None:
        return None
    return {p: v + points.get(p, 0) for p, v in run.items()}


def _keys(rules: dict[str, int] | None, written: dict[str, int]) -> list[str]:
    return list(rules) if rules is not None else list(written)


def _expected(
    rules: dict[str, int], sheet: dict[str, int] | None, player: str, sep: str = " or "
) -> str:
    """The rules' running total, and the carried-forward one when it differs."""
    r = rules.get(player, 0)
    s = sheet.get(player) if sheet is not None else None
    return f"{r:+d}" if s is None or s == r else f"{r:+d}{sep}{s:+d}"


__all__ = ["RunningTotals", "check_score", "shutout_unknown"]
