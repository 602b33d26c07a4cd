"""``check --max-diagnostics N`` bounds what is made, not only what is shown.

Issue 31: 2 MB of bad lines took 980 MB even with ``--max-diagnostics 10``,
because a game's diagnostics were all built before the cap trimmed them. Now
the cap is a budget per file told to the reader and the judge: once a file's N
diagnostics include an error, its exit status is known and nothing more of it is
read (the next file is checked); while only warnings fill it, reading goes on and
they are only counted.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from napkifu.api import iter_loads
from napkifu.cli import main
from napkifu.commands.checkfile import check_bytes
from napkifu.diagnostics import Budget

GAME = "players A1 B1 C1\nround 1\nbids pass pass pass\n"
LOOKALIKE = 'game "g{n}"\nplayers \u0410mi Bob Cat\n'  # NAP108 (a warning) once a game
STOP = "{path}: the rest of this file was not checked (--max-diagnostics {n} reached)"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["check", "--no-cache", "--lang", "en", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def _bad_lines(path: Path, megabytes: int) -> None:
    with path.open("w", encoding="utf-8") as fh:
        fh.write("players A1 B1 C1\n")
        line = 0
        while fh.tell() < megabytes << 20:
            line += 1
            fh.write(f"nonsense {line}\n")


def test_bad_lines_fit_in_a_small_address_space(tmp_path: Path) -> None:
    """The issue's reproduction, in a process that may map only 150 MB: the old
    code needs about 100 MB per 2 MB of bad lines, so 6 MB could not pass."""
    path = tmp_path / "bad.nap"
    _bad_lines(path, 6)

    def small() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (150 << 20, 150 << 20))

    done = subprocess.run(
        [sys.executable, "-m", "napkifu", "check", "--no-cache", "--lang", "en", "-q",
         "--max-diagnostics", "10", str(path)],
        capture_output=True, text=True, timeout=120, preexec_fn=small,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert done.returncode == 1, done.stderr
    assert [ln.split(":")[1] for ln in lines[:10]] == [str(n) for n in range(2, 12)]
    assert all(" NAP101 error: " in ln for ln in lines[:10])
    assert lines[10:] == [STOP.format(path=path, n=10)]
    assert "NAP900" not in done.stdout and "MemoryError" not in done.stderr


def test_reading_stops_inside_the_game_once_the_status_is_known() -> None:
    data = ("players A1 B1 C1\n" + "nonsense\n" * 5000).encode()
    budget = Budget(3)
    parts = list(iter_loads(data, "many.nap", detail=False, budget=budget))
    made = [d for part in parts for d in part.diagnostics]
    assert budget.stopped and [d.span.line for d in made] == [2, 3, 4]
    result = check_bytes(data, "many.nap", keep=3)
    assert result.stopped and result.errors == 3 and len(result.diagnostics) == 3


def test_judging_stops_after_the_round_that_fills_the_budget() -> None:
    bad_round = "round {n}\nbids pass pass\n"  # NAP304 (found by the judge): unfinished
    text = "players A1 B1 C1\n" + "".join(bad_round.format(n=n) for n in range(1, 400))
    budget = Budget(2)
    parts = list(iter_loads(text, "rounds.nap", detail=False, budget=budget))
    judged = [r for part in parts for g in part.games for r in g.rounds]
    assert budget.stopped and 1 <= len(judged) <= 2
    whole = check_bytes(text.encode(), "rounds.nap")
    assert whole.errors >= 399 and not whole.stopped  # without a cap: everything


def test_warnings_alone_do_not_stop_and_are_counted_exactly() -> None:
    """Until an error comes the exit status is unknown: reading goes on, the
    warnings past the cap are counted, not kept, and a late error is still found."""
    warnings = "".join(LOOKALIKE.format(n=n) for n in range(300))
    result = check_bytes(warnings.encode(), "w.nap", keep=5)
    assert not result.stopped and result.errors == 0
    assert len(result.diagnostics) == 5 and result.warnings == 300
    late = check_bytes((warnings + "nonsense\n").encode(), "w.nap", keep=5)
    assert late.errors == 1 and late.warnings == 300
    assert [d.code for d in late.diagnostics] == ["NAP108"] * 5


def test_drop_warnings_keeps_the_first_in_file_order() -> None:
    found = [d for part in iter_loads(LOOKALIKE.format(n=0) * 4, "w.nap") for d in part.diagnostics]
    assert len(found) == 4 and all(not d.is_error for d in found)
    keep, other = list(reversed(found[2:])), list(reversed(found[:2]))
    budget = Budget(3)
    budget.drop_warnings(keep, other)
    assert keep == found[:3] and other == [] and budget.hidden_warnings == 1


def test_the_cap_is_per_file_and_the_next_file_is_checked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first = tmp_path / "a.nap"
    first.write_text("players A1 B1 C1\n" + "nonsense\n" * 50, encoding="utf-8")
    later = tmp_path / "b.nap"
    later.write_text(GAME + "nonsense\nnonsense\nnonsense\n", encoding="utf-8")
    status, out, err = run(capsys, "-q", "--max-diagnostics", "2", str(first), str(later))
    assert status == 1
    shown = [ln for ln in out.splitlines() if " NAP" in ln]
    assert [ln.split(":")[0] for ln in shown] == [str(first)] * 2 + [str(later)] * 2
    assert STOP.format(path=first, n=2) in out.splitlines()
    assert STOP.format(path=later, n=2) in out.splitlines()
    # a file that cannot be opened after a stopped one still makes the status 2
    gone = tmp_path / "c.nap"
    gone.symlink_to(tmp_path / "nowhere.nap")
    status, out, err = run(capsys, "-q", "--max-diagnostics", "2", str(first), str(gone))
    assert status == 2 and f"cannot open {gone}" in err


def test_json_stays_valid_and_the_notes_go_to_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "a.nap"
    path.write_text("players A1 B1 C1\n" + "nonsense\n" * 50, encoding="utf-8")
    status, out, err = run(capsys, "--format", "json", "--max-diagnostics", "3", str(path))
    assert status == 1 and len(json.loads(out)) == 3
    assert err.splitlines() == [STOP.format(path=path, n=3)]


def test_many_files_on_two_workers_stop_cleanly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A capped ``-j 2`` run ends its workers (none left, no hang) and prints what
    ``-j 1`` prints."""
    for n in range(40):
        (tmp_path / f"r{n:02}.nap").write_text(GAME + "nonsense\n" * 3, encoding="utf-8")
    args = ["-q", "--max-diagnostics", "5", str(tmp_path)]
    before = _children()
    one = run(capsys, "-j", "1", *args)
    two = run(capsys, "-j", "2", *args)
    assert one == two and one[0] == 1
    assert sum(" NAP" in ln for ln in one[1].splitlines()) == 40 * 3  # every file checked
    end = time.monotonic() + 30
    while _children() - before and time.monotonic() < end:
        time.sleep(0.05)
    assert not _children() - before  # the workers ended with the check


def _children() -> set[str]:
    """This process's live children (none when /proc cannot say)."""
    found = set()
    for task in Path(f"/proc/{os.getpid()}/task").glob("*"):
        with contextlib.suppress(OSError):
            found.update((task / "children").read_text().split())
    return found
