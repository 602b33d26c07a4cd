"""`check` and `export` on several cores and from the result cache: the same output
as one core and a cold run, byte for byte, and never a stale result."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
import threading
import types
from pathlib import Path
from typing import Any

import polars as pl
import pytest

import napkifu.api
from napkifu.cache import ResultCache, default_dir
from napkifu.cli import main
from napkifu.commands.checkfile import CheckSettings, check_task
from napkifu.parallel import run_jobs, share_jobs
from napkifu.parallel.pool import SHARED_SWITCH_INTERVAL, _main_hidden

EXAMPLES = Path(__file__).resolve().parent / "examples"
SEASON = Path(__file__).parent / "records" / "analysis" / "season"
GOOD = "players A1 B1 C1\nround 1\nbids pass pass pass\n"
BAD = "players A1 B1 C1\nround 1\ndealer Nobody\nbids pass pass pass\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Good and bad records in nested folders (valid examples and fault cases)."""
    root = tmp_path / "records"
    shutil.copytree(EXAMPLES / "standard", root / "standard")
    faults = sorted((EXAMPLES / "faults").glob("*.nap"))[:12]
    (root / "faults").mkdir()
    for f in faults:
        shutil.copy(f, root / "faults" / f.name)
    return root


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _square(x: int) -> int:
    return x * x


def test_run_jobs_keeps_order_and_streams_lazily() -> None:
    assert list(run_jobs(_square, range(50), 2)) == [x * x for x in range(50)]
    assert list(run_jobs(_square, iter([3]), 2)) == [9]
    assert list(run_jobs(_square, [], 2)) == []
    assert list(run_jobs(_square, range(5), 1)) == [0, 1, 4, 9, 16]
    # Lazy in, streaming out: the first results of an endless input come back,
    # and stopping early does not wait for (or hang on) the rest.
    results = run_jobs(_square, itertools.count(), 2)
    assert list(itertools.islice(results, 5)) == [0, 1, 4, 9, 16]
    results.close()


def _fails_on_seven(x: int) -> int:
    if x == 7:
        raise ValueError("seven")
    return x


def test_run_jobs_raises_what_a_job_raises() -> None:
    with pytest.raises(ValueError, match="seven"):
        list(run_jobs(_fails_on_seven, range(12), 2))


def _square_where(x: int) -> tuple[int, int]:
    return x * x, os.getpid()


def test_share_jobs_keeps_order_and_works_here_too() -> None:
    """The calling process takes items from the back, the worker from the front
    (the first two are handed to it before this process takes any)."""
    out = share_jobs(_square_where, list(range(50)), 2)
    assert [square for square, _ in out] == [x * x for x in range(50)]
    pids = [pid for _, pid in out]
    assert pids[-1] == os.getpid() and pids[0] != os.getpid() and pids[1] == pids[0]
    assert share_jobs(_square, [3], 2) == [9]
    assert share_jobs(_square, [], 2) == []
    assert share_jobs(_square, [1, 2, 3], 1) == [1, 4, 9]
    with pytest.raises(ValueError, match="seven"):
        share_jobs(_fails_on_seven, list(range(12)), 2)


def test_share_jobs_returns_before_its_workers_exit_and_leaves_none() -> None:
    """The results are given back as soon as they are in (a worker's exit, 0.1-0.2 s,
    is waited for by no one), and the worker is gone soon after, reaped by the pool."""
    import multiprocessing
    import time

    assert share_jobs(_square, list(range(8)), 2) == [x * x for x in range(8)]
    deadline = time.monotonic() + 30
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not multiprocessing.active_children()


def _switch_interval(x: int) -> float:
    return sys.getswitchinterval()


def test_share_jobs_shortens_the_switch_interval_only_while_it_runs() -> None:
    """The calling thread judges while the pool's threads carry tasks and results
    through pipes: a short GIL switch interval keeps the worker fed (in this process
    only, given back afterwards, also when a job fails)."""
    before = sys.getswitchinterval()
    out = share_jobs(_switch_interval, list(range(6)), 2)
    assert out[-1] == pytest.approx(min(before, SHARED_SWITCH_INTERVAL))  # (this process's item)
    assert sys.getswitchinterval() == before
    with pytest.raises(ValueError, match="seven"):
        share_jobs(_fails_on_seven, list(range(12)), 2)
    assert sys.getswitchinterval() == before


MAIN_SCRIPT = """
import sys
import polars  # loaded: the pool spawns its workers
from napkifu.parallel import run_jobs
from napkifu.parallel.pool import _main_hidden

if __name__ == "__mp_main__":
    with open(sys.argv[1], "a") as marks:
        marks.write("ran\\n")


def twice(x):
    return 2 * x


if __name__ == "__main__":
    import json
    print(list(run_jobs(json.dumps, [1, 2, 3], 2)))
    if sys.argv[2] == "main":
        print(list(run_jobs(twice, [1, 2, 3], 2)))
"""


@pytest.mark.parametrize("job", ["library", "main"])
def test_workers_start_without_the_main_script(tmp_path: Path, job: str) -> None:
    """A spawned worker re-runs the parent's main script unless its job is defined
    elsewhere: under Streamlit that script is the app, and re-running it cost every
    worker ~1 s. A job defined in the main script still finds it."""
    script, marks = tmp_path / "host.py", tmp_path / "marks"
    script.write_text(MAIN_SCRIPT)
    marks.touch()
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, str(script), str(marks), job],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    printed = done.stdout.splitlines()
    assert printed[0] == "['1', '2', '3']"
    if job == "library":
        assert marks.read_text() == ""  # no worker ran the main script
    else:
        assert printed[1] == "[2, 4, 6]"
        assert marks.read_text() == "ran\n" * 2  # both workers needed it, and ran it


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_two_jobs_print_what_one_job_prints(
    capsys: pytest.CaptureFixture[str], folder: Path, fmt: str
) -> None:
    base = ["check", "--no-cache", "--lang", "en", "--color", "never", "--format", fmt]
    one = run(capsys, *base, "-j", "1", str(folder))
    two = run(capsys, *base, "-j", "2", str(folder), "--max-diagnostics", "100")
    assert one[0] == 1 and one[1]  # the faults were found
    assert one == two


def test_cache_hit_is_byte_identical_and_stored(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    cold = run(capsys, "check", "--no-cache", "--lang", "en", str(folder))
    assert not cache.exists()
    first = run(capsys, "check", "--cache-dir", str(cache), "--lang", "en", str(folder))
    entries = list(cache.rglob("*.json"))
    assert len(entries) == len(list(folder.rglob("*.nap")))
    assert (cache / ".gitignore").read_text().endswith("*\n")
    # A hit must be a hit: poison every entry's counts and see them come back.
    second = run(capsys, "check", "--cache-dir", str(cache), "--lang", "en", "-j", "2", str(folder))
    assert cold == first == second
    store = ResultCache(cache)
    for entry in entries:  # (stored through the cache: a hand-edited entry is damaged, a miss)
        key = entry.parent.name + entry.stem
        value = store.get(key)
        value["games"] = 7777
        store.put(key, value)
    task = (str(sorted(folder.rglob("*.nap"))[0]), None, None)
    assert check_task(CheckSettings(cache_dir=str(cache)), task).games == 7777


def test_clean_removes_entries_and_nothing_else(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    run(capsys, "check", "--cache-dir", str(cache), str(folder))
    run(
        capsys,
        "export",
        "--cache-dir",
        str(cache),
        "--season",
        str(tmp_path / "s.csv"),
        str(folder),
    )
    entries = list(cache.rglob("*.json")) + list(cache.rglob("*.bin"))
    assert entries and any(e.suffix == ".bin" for e in entries)
    size = sum(e.stat().st_size for e in entries)
    status, out, err = run(capsys, "clean", "--cache-dir", str(cache))
    assert status == 0 and err == ""
    assert out == f"removed {len(entries)} cache entries ({size / 1e6:.1f} MB) from {cache}\n"
    assert not cache.exists()
    assert run(capsys, "clean", "--cache-dir", str(cache))[:2] == (
        0,
        f"removed 0 cache entries (0.0 MB) from {cache}\n",
    )

    # A cache folder set to a folder of other things loses only napkifu's entries.
    home = tmp_path / "home"
    run(capsys, "check", "--cache-dir", str(home), str(folder))
    keep = [home / "notes.txt", home / "ab" / "photo.bin", home / "cd" / ("0" * 62 + ".txt")]
    for path in keep:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("mine", encoding="utf-8")
    (home / ".gitignore").write_text("my own\n", encoding="utf-8")
    status, out, _ = run(capsys, "clean", "-q", "--cache-dir", str(home))
    assert status == 0 and out == ""
    assert all(p.read_text(encoding="utf-8") == "mine" for p in keep)
    assert (home / ".gitignore").read_text(encoding="utf-8") == "my own\n"
    assert not list(home.rglob("*.json"))


def test_cache_is_never_stale(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cache = str(tmp_path / "cache")
    path = tmp_path / "r.nap"
    path.write_text(GOOD, encoding="utf-8")
    check = ["check", "--cache-dir", cache, "--format", "json", str(path)]
    assert run(capsys, *check)[:2] == (0, "[]\n")
    path.write_text(BAD, encoding="utf-8")  # an edit: new bytes, new key
    status, out, _ = run(capsys, *check)
    assert status == 1 and [o["code"] for o in json.loads(out)] == ["NAP103"]
    # The encoding is part of the key: the same bytes read as CP932 are another result.
    sjis = tmp_path / "s.nap"
    sjis.write_bytes("players ハル 太郎 花子\nround 1\nbids pass pass pass\n".encode("cp932"))
    status, out, _ = run(capsys, "check", "--cache-dir", cache, "--format", "json", str(sjis))
    assert [o["code"] for o in json.loads(out)] == ["NAP106"]
    status, out, _ = run(
        capsys, "check", "--cache-dir", cache, "--format", "json", "--encoding", "cp932", str(sjis)
    )
    assert status == 0 and out == "[]\n"
    # --no-cache reads nothing: a poisoned entry is not seen.
    for entry in Path(cache).rglob("*.json"):
        entry.write_text('{"key": "x", "value": {"games": "oops"', encoding="utf-8")  # corrupt
    assert run(capsys, *check)[0] == 1  # a corrupt entry is a miss, not a crash
    assert run(capsys, "check", "--no-cache", "--format", "json", str(path))[0] == 1


def test_cache_key_covers_content_settings_and_code(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("in the way", encoding="utf-8")
    cache = ResultCache(blocker / "cache")
    key = cache.key(b"abc", "s")
    assert key == cache.key(b"abc", "s")
    assert len({key, cache.key(b"abd", "s"), cache.key(b"abc", "t")}) == 3
    assert cache.get(key) is None  # nothing there: a miss
    cache.put(key, {"x": 1})  # cannot be written: silently nothing
    cache.put_bytes(key, b"x")
    assert cache.get(key) is None and cache.get_bytes(key) is None
    good = ResultCache(tmp_path / "good")
    good.put(key, {"x": 1})
    good.put_bytes(key, b"\x00bytes")
    assert good.get(key) == {"x": 1} and good.get_bytes(key) == b"\x00bytes"
    other = good.key(b"abd", "s")
    good._path(other).parent.mkdir()
    good._path(key).rename(good._path(other))  # an entry under the wrong name
    assert good.get(other) is None
    path = tmp_path / "r.nap"
    path.write_bytes(b"abc")
    assert good.file_key(path, "s")[0] == key  # chunked hashing: the same key


def test_unwritable_cache_does_not_break_check(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "r.nap"
    path.write_text(BAD, encoding="utf-8")
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache folder should be", encoding="utf-8")
    status, out, _ = run(capsys, "check", "--cache-dir", str(blocker / "c"), str(path))
    assert status == 1 and "NAP103" in out
    readonly = tmp_path / "ro"
    readonly.mkdir()
    os.chmod(readonly, 0o555)
    try:
        status, out, _ = run(capsys, "check", "--cache-dir", str(readonly), str(path))
        assert status == 1 and "NAP103" in out
    finally:
        os.chmod(readonly, 0o755)


def test_default_cache_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NAPKIFU_CACHE_DIR", str(tmp_path / "a"))
    assert default_dir() == tmp_path / "a"
    monkeypatch.delenv("NAPKIFU_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_dir() == tmp_path / "xdg" / "napkifu"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_dir() == tmp_path / "home" / ".cache" / "napkifu"


def test_max_diagnostics_text_and_json_agree(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "many.nap"
    path.write_text("players A1 B1 C1\n" + "nonsense\n" * 30, encoding="utf-8")
    other = tmp_path / "z.nap"
    other.write_text(BAD, encoding="utf-8")
    args = ["check", "--no-cache", "--lang", "en", "--max-diagnostics", "4", str(path), str(other)]
    stop = f"{path}: the rest of this file was not checked (--max-diagnostics 4 reached)"
    status, text, err = run(capsys, *args, "-q")
    assert status == 1
    shown = [ln for ln in text.splitlines() if " NAP" in ln]
    assert len(shown) == 5 and text.splitlines()[4] == stop  # the cap is per file
    assert shown[4].startswith(f"{other}:")
    status, out, err = run(capsys, *args, "--format", "json")
    found = json.loads(out)
    assert status == 1 and len(found) == 5
    assert [o["line"] for o in found[:4]] == [2, 3, 4, 5]  # the first ones, in file order
    assert err.splitlines() == [stop]
    status, _, err = run(capsys, *args[:-1])
    assert "4 error(s)" in err  # the rest of the file was not read
    status, _, err = run(capsys, "check", "--max-diagnostics", "-1", str(path))
    assert status == 2 and "--max-diagnostics" in err
    status, _, err = run(capsys, "check", "-j", "0", str(path))
    assert status == 2 and "--jobs" in err


@pytest.mark.parametrize("cache", [False, True])
def test_unreadable_file_exit_2_others_checked(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    cache: bool,
) -> None:
    locked = tmp_path / "a.nap"
    locked.write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.nap").write_text(BAD, encoding="utf-8")
    if os.geteuid() == 0:  # root reads a chmod 000 file: make opening it fail instead,
        # whichever way it is read (``open`` in napkifu.api, or ``Path.read_bytes``)
        def refused(real: Any) -> Any:
            def read(file: Any, *args: Any, **kwargs: Any) -> Any:
                if os.path.basename(file) == "a.nap":
                    raise PermissionError(13, "Permission denied", str(file))
                return real(file, *args, **kwargs)

            return read

        monkeypatch.setattr(Path, "read_bytes", refused(Path.read_bytes))
        monkeypatch.setattr(napkifu.api, "open", refused(open), raising=False)
    os.chmod(locked, 0)
    flags = ["--cache-dir", str(tmp_path / "c")] if cache else ["--no-cache"]
    try:
        status, out, err = run(capsys, "check", *flags, "-j", "1", "--lang", "en", str(tmp_path))
    finally:
        os.chmod(locked, 0o644)
    assert status == 2
    assert f"cannot open {locked}: Permission denied" in err
    assert "NAP103" in out and "in 2 file(s)" in err


def test_export_with_jobs_and_cache_is_the_same(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    outputs = []
    for extra in (["-j", "1", "--no-cache"],
                  ["-j", "2", "--cache-dir", str(tmp_path / "c")],
                  ["-j", "1", "--cache-dir", str(tmp_path / "c")]):  # fmt: skip
        target = tmp_path / f"out{len(outputs)}"
        target.mkdir()
        args = ["export", str(SEASON), "--parquet", str(target / "pq")]
        for table in ("season", "rounds", "player-rounds", "tricks", "bids", "excluded"):
            args += [f"--{table}", str(target / f"{table}.csv")]
        status, _, err = run(capsys, *args, *extra)
        assert status == 0, err
        csvs = {p.name: p.read_bytes() for p in target.glob("*.csv")}
        parquet = {
            p.relative_to(target).as_posix(): pl.read_parquet(p).write_csv()
            for p in sorted((target / "pq").rglob("*.parquet"))
        }
        outputs.append((csvs, parquet, err))
    assert outputs[0][0]["rounds.csv"].count(b"\n") == 11
    assert len(outputs[0][1]) >= 7
    assert all(o == outputs[0] for o in outputs[1:])
    entries = list((tmp_path / "c").rglob("*.bin"))
    assert len(entries) >= len(list(SEASON.glob("*.nap")))  # more if the code changed meanwhile


def test_export_cache_entry_damaged_is_a_miss(tmp_path: Path) -> None:
    from napkifu.analysis.frames import file_frames, pack_frames

    path = sorted(SEASON.glob("*.nap"))[0]
    cold = file_frames(str(path))
    cached = file_frames(str(path), cache_dir=str(tmp_path))
    (entry,) = tmp_path.rglob("*.bin")
    assert all(cold[t].equals(cached[t]) for t in cold)
    assert all(cold[t].equals(file_frames(str(path), cache_dir=str(tmp_path))[t]) for t in cold)
    key = entry.parent.name + entry.stem
    planted = {**cold, "rounds": cold["rounds"].head(1)}
    ResultCache(tmp_path).put_bytes(key, pack_frames(planted))
    assert file_frames(str(path), cache_dir=str(tmp_path))["rounds"].height == 1  # a hit
    entry.write_bytes(entry.read_bytes()[:-40])  # truncated
    assert all(cold[t].equals(file_frames(str(path), cache_dir=str(tmp_path))[t]) for t in cold)
    entry.write_bytes(b"garbage")
    assert all(cold[t].equals(file_frames(str(path), cache_dir=str(tmp_path))[t]) for t in cold)


def test_a_cached_season_is_read_without_workers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Files whose tables are cached are read from the cache (in the main process
    when no file needs judging: no pool is started, even with -j 2); only the
    others are judged; the output is the same."""
    import napkifu.analysis.parts as parts_module

    judged: list[tuple[list[str], int]] = []
    real = parts_module.run_jobs

    def spy(func, groups, jobs=None, **kw):  # type: ignore[no-untyped-def]
        groups = list(groups)
        names = [Path(p).name for _, items in groups for p, _, hit in items if not hit]
        judged.append((names, jobs))
        return real(func, groups, jobs, **kw)

    monkeypatch.setattr(parts_module, "run_jobs", spy)
    cache = str(tmp_path / "cache")
    argv = ["export", "-q", "-j", "2", "--cache-dir", cache, str(SEASON), "--rounds", "-",
            "--season", "-"]  # fmt: skip
    cold = run(capsys, *argv)
    files = sorted(p.name for p in SEASON.glob("*.nap"))
    assert cold[0] == 0 and judged == [(files, 2)]
    judged.clear()
    assert run(capsys, *argv) == cold
    assert judged == [([], 1)]
    entries = sorted(Path(cache).rglob("*.bin"))
    entries[0].write_bytes(b"damaged")
    judged.clear()
    assert run(capsys, *argv) == cold  # its file judged again (in the main process)
    assert judged == [([], 1)] and entries[0].read_bytes() != b"damaged"  # and stored afresh


def test_default_jobs_default_cache(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("NAPKIFU_CACHE_DIR", str(tmp_path / "env-cache"))
    path = tmp_path / "r.nap"
    path.write_text(BAD, encoding="utf-8")
    assert run(capsys, "check", str(path))[0] == 1
    assert list((tmp_path / "env-cache").rglob("*.json"))
    assert not (Path.cwd() / ".napkifu_cache").exists() or os.environ.get("CI") is None


def test_stdin_among_files_keeps_its_place(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import io
    import sys

    first, last = tmp_path / "a.nap", tmp_path / "z.nap"
    first.write_text(BAD, encoding="utf-8")
    last.write_text(BAD, encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(BAD.encode())))
    status, out, _ = run(
        capsys, "check", "--no-cache", "-j", "2", "--format", "json", str(first), "-", str(last)
    )
    assert status == 1
    assert [o["file"] for o in json.loads(out)] == [str(first), "<stdin>", str(last)]


def test_streamed_json_is_what_render_json_gives(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    from napkifu.commands.check import check_file, iter_paths
    from napkifu.report import render_json

    status, out, _ = run(
        capsys, "check", "--no-cache", "--format", "json", "--lang", "ja", str(folder)
    )
    assert status == 1
    every = [d for p, _ in iter_paths([str(folder)]) for d in check_file(p).diagnostics]
    assert every and out == render_json(every, "ja") + "\n"


@pytest.mark.parametrize("jobs", ["1", "2", "pieces"])
def test_streamed_parquet_is_the_in_memory_export(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    jobs: str,
) -> None:
    from napkifu.analysis import parts, season

    monkeypatch.setattr(parts, "GROUP_BYTES", 1)  # a part a file: a duplicate across parts
    monkeypatch.setattr(parts, "FLUSH_ROUNDS", 3)  # and a part every 3 rounds of a big file
    if jobs == "pieces":  # every file read in the main process, a round at a time
        monkeypatch.setattr(season, "BIG_FILE", 0)
        monkeypatch.setattr(season, "PIECE_ROUNDS", 1)
        jobs = "1"
    base = ["export", "--no-cache", "-j", jobs, str(SEASON)]
    in_memory = [*base, "--parquet", str(tmp_path / "a"), "--rounds", str(tmp_path / "r.csv")]
    status, _, err_a = run(capsys, *in_memory)
    assert status == 0
    streamed = [*base, "--parquet", str(tmp_path / "b"), "--season", str(tmp_path / "s.csv")]
    status, _, err_b = run(capsys, *streamed)
    assert status == 0 and err_a == err_b and "(1 duplicates)" in err_b
    assert len(list((tmp_path / "b" / "rounds").rglob("*.parquet"))) > 1
    for name in ("rounds", "player_rounds", "tricks", "bids"):
        a = pl.read_parquet(tmp_path / "a" / name, hive_partitioning=True)
        b = pl.read_parquet(tmp_path / "b" / name, hive_partitioning=True)
        assert a.height and a.equals(b), name
    for name in ("season", "contracts", "excluded"):
        a = pl.read_parquet(tmp_path / "a" / f"{name}.parquet")
        assert a.equals(pl.read_parquet(tmp_path / "b" / f"{name}.parquet")), name
    season = pl.read_parquet(tmp_path / "a" / "season.parquet")
    assert pl.read_csv(tmp_path / "s.csv")["player"].to_list() == season["player"].to_list()
    assert run(capsys, *streamed)[0] == 2  # already there, and no --overwrite
    assert run(capsys, *streamed, "--overwrite")[0] == 0


def test_big_files_are_read_in_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    from napkifu.analysis import COLUMNS
    from napkifu.analysis import season as season_module

    whole = season_module.load_season([SEASON])
    monkeypatch.setattr(season_module, "BIG_FILE", 0)  # every file is "big"
    monkeypatch.setattr(season_module, "PIECE_ROUNDS", 1)
    pieces = list(season_module.stream_frames(sorted(str(p) for p in SEASON.glob("*.nap"))))
    assert len(pieces) > whole.files and sum(n for _, n in pieces) == whole.files
    split = season_module.load_season([SEASON])
    assert split.files == whole.files
    for name in COLUMNS:
        assert whole.table(name).equals(split.table(name)), name


def test_main_module_is_put_back_unless_replaced_meanwhile() -> None:
    """The stand-in main module shown to starting workers never outlives the start:
    the main module comes back, or, if another thread (a Streamlit script run)
    installed its own meanwhile, that one stays."""
    main = sys.modules["__main__"]
    with _main_hidden():
        assert sys.modules["__main__"] is not main
        assert not hasattr(sys.modules["__main__"], "__file__")
    assert sys.modules["__main__"] is main
    newer = types.ModuleType("__main__")
    try:
        with _main_hidden():
            sys.modules["__main__"] = newer  # what Streamlit does at a run's start
        assert sys.modules["__main__"] is newer
    finally:
        sys.modules["__main__"] = main
    # Two threads starting workers at once take turns: the second never takes the
    # first one's stand-in for the main module, and neither keeps it.
    a_in, release, b_in = threading.Event(), threading.Event(), threading.Event()

    def first() -> None:
        with _main_hidden():
            a_in.set()
            release.wait(10)

    def second() -> None:
        a_in.wait(10)
        with _main_hidden():
            b_in.set()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for th in threads:
        th.start()
    a_in.wait(10)
    assert not b_in.wait(0.3)  # waits for the first to finish
    release.set()
    for th in threads:
        th.join(10)
    assert b_in.is_set()
    assert sys.modules["__main__"] is main
