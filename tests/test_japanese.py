"""Japanese everywhere: every diagnostic code and every message template has a Japanese
form with no English word in it, other than codes, cards, names and notation."""

from __future__ import annotations

import glob
import importlib
import re
import string
from pathlib import Path

import pytest

from napkifu.api import loads
from napkifu.cli import main
from napkifu.explain import explanations
from napkifu.i18n import Text

ROOT = Path(__file__).resolve().parents[1]
# what may stay in Latin letters: notation words, codes, encodings, options
NOTATION = {
    "standard", "webgame", "bga", "classic", "napkifu", "pass", "none", "players", "round",
    "score", "total", "result", "call", "adjutant", "napoleon", "bids", "hand", "widow",
    "discard", "dealer", "trick", "claim", "sheet", "play", "FILE", "nap", "csv", "tsv",
    "check", "explain", "fill", "new", "fmt", "stats", "NUL", "Sora",  # commands; an example
}  # fmt: skip
_ALLOWED = re.compile(
    r"`[^`]*`|'[^']*'|\"[^\"]*\"|\{[^}]*\}|NAP\d+|JK|NT|UTF-\d+|utf-\d+|Shift_JIS|CP932|BOM"
    r"|0x[0-9A-F]+|--[\w-]+|[♠♥♦♣♤♡♢♧]\s?(?:10|[AKQJT2-9])?|\b[SHDC](?:10|[AKQJT2-9])\b"
    r"|\d+(?:NT|[♠♥♦♣SHDC])"
)


def english_words(text: str, names: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    text = _ALLOWED.sub(" ", text)
    words = re.findall(r"[A-Za-z][\w.\-]*[A-Za-z0-9]|[A-Za-z]{2,}", text)
    return [w for w in words if w not in NOTATION and w not in names and w.rstrip(".") not in names]


def _records() -> list[tuple[str, bytes]]:
    found = [
        (e.code, e.wrong.encode(e.encoding or "utf-8")) for e in explanations().values() if e.wrong
    ]
    for path in sorted(glob.glob(str(Path(__file__).parent / "examples" / "faults" / "*.nap"))):
        found.append((path, Path(path).read_bytes()))
    return found


def test_every_code_is_walked() -> None:
    codes = {d.code for _, data in _records() for d in loads(data).diagnostics}
    assert codes >= set(explanations()) - {"NAP900", "NAP107"}  # NAP107: a folder, not a record


@pytest.mark.parametrize(
    ("where", "data"), _records(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_every_diagnostic_reads_in_japanese(where: str, data: bytes) -> None:
    words = set(re.findall(r"[\w.\-]+", data.decode("utf-8", "replace")))
    words |= {run for w in words for run in re.findall(r"[A-Za-z]+", w)}  # (Ѕora: ora)
    for d in loads(data).diagnostics:
        assert d.message_ja, (where, d.code, d.message)
        assert not english_words(d.message_ja, words), (where, d.message_ja)


def _templates() -> list[tuple[str, Text]]:
    from napkifu import explain, report
    from napkifu.commands import fill, fmt, new, stats
    from napkifu.notation import errors

    decode = importlib.import_module("napkifu.notation.decode")  # the package's decode() hides it

    found: list[tuple[str, Text]] = []
    for module, names in [
        (errors, ["MSG", "WHY", "EXPECTED", "STRUCTURE"]), (decode, ["MSG"]),
        (explain, ["WORDS"]), (fill, ["SAY"]), (new, ["SAY"]), (stats, ["HEADERS"]),
        (fmt, ["MESSAGES"]),
    ]:  # fmt: skip
        for name in names:
            for key, text in getattr(module, name).items():
                found.append((f"{module.__name__}.{name}[{key}]", text))
    for name in ("SEVERITY_WORD",):
        for key, text in getattr(report, name).items():
            found.append((f"report.{name}[{key}]", text))
    found += [("report.MORE", report.MORE), ("report.SUMMARY", report.SUMMARY)]
    from napkifu.commands import check, export

    for module, names in [(check, ["USAGE"]), (export, ["PROBLEM", "SCOPE"])]:
        for name in names:
            found += [
                (f"{module.__name__}.{name}[{k}]", t) for k, t in getattr(module, name).items()
            ]
    found += [(n, getattr(m, n.split(".")[-1])) for m, n in [
        (export, "export.READ"), (export, "export.EXCLUDED"), (stats, "stats.TITLE"),
        (stats, "stats.NO_COLUMN"), (stats, "stats.WL_TEXT"), (check, "check.CANNOT_OPEN"),
    ]]  # fmt: skip
    from napkifu.notation import fix, suggest

    found += [(f"fix.SAY[{k}]", t) for k, t in fix.SAY.items()]
    found += [("suggest.DID_YOU_MEAN", suggest.DID_YOU_MEAN)]
    return found


@pytest.mark.parametrize(
    ("where", "text"), _templates(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_every_message_template_has_a_japanese_form(where: str, text: Text) -> None:
    assert text.ja and text.en
    fields = [f for _, f, _, _ in string.Formatter().parse(text.ja) if f]
    assert set(fields) <= {f for _, f, _, _ in string.Formatter().parse(text.en) if f} | {
        "verb_ja", "refused_ja", "what_ja", "tried_ja"
    }, where  # fmt: skip
    if text.ja != text.en or not english_words(text.en):
        assert not english_words(text.ja), (where, text.ja)


def test_cli_output_in_japanese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sheet.nap"
    assert (
        main(["new", str(path), "--players", "Haru", "さくら", "Mina", "Riku", "--lang", "ja"]) == 0
    )
    assert main(["fill", str(path), "--lang", "ja"]) == 0
    assert main(["check", str(path), "--lang", "ja", "--no-cache"]) == 0
    assert main(["explain", "NAP602", "--lang", "ja"]) == 0
    out = capsys.readouterr()
    text = path.read_text(encoding="utf-8")
    words = set(re.findall(r"[\w.\-]+", text)) | {str(path), path.name}
    for line in (out.out + out.err).splitlines():
        if line.startswith("    "):  # the example records of `explain`
            continue
        assert not english_words(line.replace(str(path), " "), words), line
