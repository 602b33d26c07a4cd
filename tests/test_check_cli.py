"""`napkifu check` end to end: output formats, exit status, file gathering, decoding."""

from __future__ import annotations

import io
import json
import os
import pickle
import sys
from pathlib import Path

import pytest

from napkifu.cli import main
from napkifu.commands.check import FileResult, check_file, iter_paths
from napkifu.report import caret_line

EXAMPLES = Path(__file__).resolve().parent / "examples"
FAULTS = EXAMPLES / "faults"
GOOD = "players Haru Sora Mina\nround 1\nbids pass pass pass\n"
KEYS = {
    "file",
    "line",
    "column",
    "end_line",
    "end_column",
    "code",
    "severity",
    "message",
    "game",
    "round",
    "trick",
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["check", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_valid_examples_exit_zero(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, str(EXAMPLES / "standard"), str(EXAMPLES / "bga"))
    assert status == 0, out
    assert out == ""
    assert "0 error(s)" in err and "file(s)" in err


@pytest.mark.parametrize(
    "name",
    sorted(p.stem for p in FAULTS.glob("NAP10*.nap")),
)
def test_notation_faults_via_cli(capsys: pytest.CaptureFixture[str], name: str) -> None:
    expect = json.loads((FAULTS / f"{name}.expect.json").read_text())
    status, out, _ = run(capsys, "--format", "json", str(FAULTS / f"{name}.nap"))
    assert status == 1
    found = json.loads(out)
    assert all(set(obj) == KEYS for obj in found)
    assert (expect["code"], expect["line"]) in {(o["code"], o["line"]) for o in found}


def test_text_output_has_source_line_and_caret(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.nap"
    path.write_text(
        "players ハル Sora Mina\nround 1\n\tdealer 権兵衛\nbids pass pass pass\n", encoding="utf-8"
    )
    status, out, _ = run(capsys, "--lang", "en", "--color", "never", str(path))
    assert status == 1
    lines = out.splitlines()
    assert (
        lines[0] == f"{path}:3:9: NAP103 error: 権兵衛 is not one of the players (ハル Sora Mina)"
    )
    assert lines[1] == "\tdealer 権兵衛"
    assert lines[2] == "\t       ^^^^^^"


def test_japanese_messages(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.nap"
    path.write_text(GOOD + "bids Xavier:pass\n", encoding="utf-8")
    status, out, err = run(capsys, "--lang", "ja", str(path))
    assert status == 1
    assert "NAP103 エラー: Xavier は `players`" in out
    assert "エラー" in err


def test_quiet_and_max_diagnostics(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "many.nap"
    path.write_text(
        "players A1 B1 C1\n" + "".join(f"nonsense {i}\n" for i in range(10)), encoding="utf-8"
    )
    status, out, err = run(capsys, "--quiet", "--lang", "en", "--max-diagnostics", "3", str(path))
    assert status == 1
    lines = out.splitlines()
    assert len(lines) == 4 and all(" NAP101 error: " in ln for ln in lines[:3])
    # three errors fill the cap and fix the exit status: the rest is not read
    assert (
        lines[3] == f"{path}: the rest of this file was not checked (--max-diagnostics 3 reached)"
    )
    assert err == ""


def test_ten_bad_lines_ten_diagnostics(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "ten.nap"
    body = "".join(f"{n} ♠Z ♠3\n" if n % 2 else f"what {n}\n" for n in range(1, 11))
    path.write_text("players A1 B1 C1\nround 1\nnapoleon A1 13♠\n" + body, encoding="utf-8")
    _, out, _ = run(capsys, "--format", "json", str(path))
    syntax = [o["line"] for o in json.loads(out) if o["code"] in ("NAP101", "NAP102")]
    assert syntax == list(range(4, 14))


def test_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        sys, "stdin", io.TextIOWrapper(io.BytesIO(b"players A1 B1 C1\nround 1\nhand Zed SA\n"))
    )
    status, out, _ = run(capsys, "--format", "json", "-")
    assert status == 1
    assert {(o["file"], o["code"], o["line"]) for o in json.loads(out)} >= {
        ("<stdin>", "NAP103", 3)
    }


def test_shift_jis_read_with_warning(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "sjis.nap"
    path.write_bytes("players ハル 太郎 花子\nround 1\nbids pass pass pass\n".encode("cp932"))
    status, out, _ = run(capsys, "--format", "json", str(path))
    found = json.loads(out)
    assert status == 0
    assert [(o["code"], o["severity"], o["line"]) for o in found] == [("NAP106", "warning", 1)]
    assert "Shift_JIS" in found[0]["message"]
    status, out, _ = run(capsys, "--format", "json", "--encoding", "cp932", str(path))
    assert status == 0 and json.loads(out) == []


def test_binary_and_bad_bytes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "bin.nap").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    (tmp_path / "latin1.nap").write_bytes("players Café B1 C1\n".encode("latin-1"))
    status, out, _ = run(capsys, "--format", "json", str(tmp_path))
    found = json.loads(out)
    assert status == 1
    assert [(Path(o["file"]).name, o["code"], o["severity"]) for o in found] == [
        ("bin.nap", "NAP106", "error"), ("latin1.nap", "NAP106", "error"),
    ]  # fmt: skip
    assert "offset 11" in found[1]["message"] and "UTF-8" in found[1]["message"]


def test_directory_recursion(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "one.nap").write_text(GOOD, encoding="utf-8")
    (tmp_path / "a" / "b" / "two.nap").write_text(GOOD + "dealer Nobody\n", encoding="utf-8")
    (tmp_path / "a" / "notes.txt").write_text("not a record", encoding="utf-8")
    os.symlink(tmp_path / "a", tmp_path / "a" / "b" / "loop")  # a symlink loop
    os.symlink(tmp_path / "missing", tmp_path / "a" / "dangling.nap")  # cannot be opened
    found = [p for p, _ in iter_paths([str(tmp_path)])]
    assert sorted(Path(p).name for p in found) == ["dangling.nap", "one.nap", "two.nap"]
    status, out, err = run(capsys, "--format", "json", str(tmp_path))
    assert status == 2  # a file could not be opened; the others were still checked
    assert "dangling.nap" in err
    assert {Path(o["file"]).name for o in json.loads(out)} == {"two.nap"}


def test_missing_path_and_bad_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "g.nap"
    good.write_text(GOOD, encoding="utf-8")
    status, _, err = run(capsys, str(tmp_path / "nope.nap"), str(good))
    assert status == 2 and "nope.nap" in err
    with pytest.raises(SystemExit) as bad_codec:  # a usage error, told by argparse
        main(["check", "--encoding", "no-such-codec", str(good)])
    assert bad_codec.value.code == 2 and "encoding" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["check", "--format", "xml", str(good)])
    assert exc.value.code == 2


def test_file_result_is_picklable_and_json_able(tmp_path: Path) -> None:
    path = tmp_path / "x.nap"
    path.write_text(GOOD + "dealer Nobody\n", encoding="utf-8")
    result = check_file(str(path))
    assert "NAP103" in {d.code for d in result.diagnostics}
    assert result.errors >= 1 and result.rounds == 1 and result.lines[4] == "dealer Nobody"
    assert pickle.loads(pickle.dumps(result)) == result
    assert FileResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result
    assert check_file(str(tmp_path / "missing.nap")).error


def test_caret_line_widths() -> None:
    assert caret_line("ab", 2, 3) == " ^"
    assert caret_line("太郎 x", 4, 5) == "     ^"
    assert caret_line("\tx", 2) == "\t^"
    assert caret_line("a太郎", 2, 4) == " ^^^^"
