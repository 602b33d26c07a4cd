"""What each diagnostic code means, why it is raised, and a wrong and a right record.

The texts live in ``napkifu/codes.toml`` (data, so that a scorer can read and
correct them without reading code); the code registry's one-line summaries stay
in :mod:`napkifu.diagnostics`. A test judges every ``wrong`` example (it must get
its code) and every ``right`` one (it must not), so the examples cannot drift
from what ``napkifu check`` really says.
"""

from __future__ import annotations

import textwrap
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from napkifu.diagnostics import CODES
from napkifu.i18n import Lang, Text


@dataclass(frozen=True, slots=True)
class Explanation:
    code: str
    why: Text
    option: str  # the rule option(s) or line involved; "" when none
    wrong: str  # a record that gets the code ("" when no record can: NAP900)
    right: str  # the same record corrected
    encoding: str  # how ``wrong`` is saved ("" for UTF-8)

    def summary(self, lang: Lang) -> str:
        info = CODES[self.code]
        return info.summary_ja if lang == "ja" else info.summary


@lru_cache(maxsize=1)
def explanations() -> dict[str, Explanation]:
    """Every code's explanation, by code."""
    raw = resources.files("napkifu").joinpath("codes.toml").read_text(encoding="utf-8")
    out = {}
    for entry in tomllib.loads(raw)["code"]:
        out[entry["code"]] = Explanation(
            entry["code"],
            Text(entry["why_en"], entry["why_ja"]),
            entry["option"],
            entry["wrong"].lstrip("\n"),
            entry["right"].lstrip("\n"),
            entry.get("encoding", ""),
        )
    return out


WORDS = {
    "severity": Text("{code} ({severity}): {summary}", "{code}（{severity}）: {summary}"),
    "error": Text("error", "エラー"),
    "warning": Text("warning", "警告"),
    "note": Text("note", "注記"),
    "why": Text("Why", "理由"),
    "option": Text("Rule option", "関係するルール"),
    "wrong": Text("Wrong", "誤りの例"),
    "right": Text("Right", "正しい例"),
    "saved_as": Text(
        "(this record saved as {encoding})", "（この記録を {encoding} で保存したもの）"
    ),
    "no_example": Text(
        "No record can show it: it is napkifu's own failure.",
        "記録の例はありません（napkifu 自身の失敗です）。",
    ),
    "unknown": Text(
        "napkifu explain: no code {code}; `napkifu explain` lists them all",
        "napkifu explain: {code} というコードはありません。`napkifu explain` で一覧を表示します",
    ),
    "list_head": Text(
        "Codes (`napkifu explain CODE` for one of them):",
        "コード一覧（`napkifu explain コード` で詳しく表示します）:",
    ),
    "hint": Text(
        "hint: `napkifu explain {code}` says what a code means and how to fix it",
        "ヒント: `napkifu explain {code}` でコードの意味と直し方を表示します",
    ),
}


def _indent(text: str) -> str:
    return "\n".join(("    " + line) if line else "" for line in text.rstrip("\n").split("\n"))


def _paragraph(text: str, lang: Lang) -> str:
    """Fit 80 columns: English wrapped at words, Japanese one sentence a line."""
    if lang == "ja":
        return "\n".join(s + "。" for s in text.rstrip("。").split("。"))
    return textwrap.fill(text, width=76)


def explain_text(code: str, lang: Lang) -> str:
    """The full explanation of ``code`` as plain text (``code`` must be known)."""
    e = explanations()[code]
    severity = WORDS[CODES[code].severity.value](lang)
    lines = [WORDS["severity"](lang, code=code, severity=severity, summary=e.summary(lang)), ""]
    lines += [f"{WORDS['why'](lang)}:", _indent(_paragraph(e.why(lang), lang)), ""]
    if e.option:
        options = ", ".join(f"`{o.strip()}`" for o in e.option.split(","))
        lines += [f"{WORDS['option'](lang)}: {options}", ""]
    if not e.wrong:
        lines.append(WORDS["no_example"](lang))
        return "\n".join(lines) + "\n"
    wrong_head = f"{WORDS['wrong'](lang)}:"
    if e.encoding:
        wrong_head += " " + WORDS["saved_as"](lang, encoding=e.encoding.upper())
    lines += [wrong_head, "", _indent(e.wrong), ""]
    lines += [f"{WORDS['right'](lang)}:", "", _indent(e.right)]
    return "\n".join(lines) + "\n"


def list_text(lang: Lang) -> str:
    """One line per code: the code, its severity and its summary."""
    lines = [WORDS["list_head"](lang)]
    for code, info in CODES.items():
        severity = WORDS[info.severity.value](lang)
        summary = info.summary_ja if lang == "ja" else info.summary
        lines.append(f"  {code}  {severity:<7}  {summary}")
    return "\n".join(lines) + "\n"


def hint_line(code: str, lang: Lang) -> str:
    """The line ``check`` prints once, after its diagnostics, pointing at ``explain``."""
    return WORDS["hint"](lang, code=code)
