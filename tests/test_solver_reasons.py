"""Every reason the double-dummy solver gives for not analysing a round, the
Python package's (napkifu/solve) and the compiled module's (solver/src), has its
Japanese sentence (:func:`napkifu.i18n.solver_reason`): no English left inside a
Japanese page or report."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from napkifu.i18n import solver_reason

ROOT = Path(__file__).resolve().parent.parent
FILLERS = ("7", "Aki", "trump-jack")
"""What stands for a sentence's values (a trick number, a player, a rule's name)."""
ALLOWED = re.compile(r"napkifu check|scripts/setup\.sh|hand|Aki|trump-jack")
"""English a Japanese sentence keeps: a command, the notation's keyword, a value."""


def _python_reasons() -> list[str]:
    out = []
    for path in sorted((ROOT / "napkifu" / "solve").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            call = node.exc
            if getattr(call.func, "id", None) != "Unsolvable" or not call.args:
                continue
            arg = call.args[0]
            if isinstance(arg, ast.Constant):
                out.append(str(arg.value))
            elif isinstance(arg, ast.JoinedStr):
                parts = [str(v.value) if isinstance(v, ast.Constant) else FILLERS[i % 2]
                         for i, v in enumerate(arg.values)]  # fmt: skip
                out.append("".join(parts))
    return out


def _rust_reasons() -> list[str]:
    out = []
    for path in sorted((ROOT / "solver" / "src").glob("*.rs")):
        text = path.read_text("utf-8")
        for found in re.finditer(r'(?:format!|new_err|Err)\(\s*"([^"]+)"', text):
            sentence = found.group(1)
            if sentence != "stopped":  # (a KeyboardInterrupt, not a reason)
                out.append(
                    re.sub(r"\{\w+\}", lambda m: FILLERS[2 if "name" in m[0] else 0], sentence)
                )
    return out


def test_the_sources_were_read() -> None:
    assert len(_python_reasons()) >= 10 and len(_rust_reasons()) >= 8


@pytest.mark.parametrize("reason", sorted(set(_python_reasons() + _rust_reasons())))
def test_each_reason_has_its_japanese(reason: str) -> None:
    ja = solver_reason(reason, "ja")
    assert not ja.startswith("解析エンジンのメッセージ（英語）"), reason
    assert not re.search(r"[A-Za-z]{3,}", ALLOWED.sub("", ja)), (reason, ja)
    assert solver_reason(reason, "en") == reason


def test_an_unknown_reason_is_kept_and_marked() -> None:
    assert solver_reason("something new", "ja") == "解析エンジンのメッセージ（英語）: something new"
    assert (
        solver_reason("trick 3: Aki plays out of turn", "ja")
        == "トリック 3: Aki の手番ではありません"
    )
