"""How fast the dashboard renders a big season: first render and cached interactions.

    .venv/bin/python benchmarks/bench_dashboard.py [--rounds 10000] [--folder DIR] [--restart]

Without ``--folder`` it generates a season of about ``--rounds`` rounds with
``napkifu simulate`` (kept in the temp dir for the next run); when the simulator is
not available it copies ``sample_records/`` under new titles until it has enough.
It then drives ``dashboard/app.py`` through Streamlit's AppTest (the same script
run a browser session triggers, minus the network) and prints:

- judge: judging every file into season tables, no cache at all;
- first render (cold): a server's first page of a season it has never seen,
  nothing cached anywhere (its modules imported: the process has judged before);
- first render (new server): the same in a new process that has imported only
  Streamlit, as ``streamlit run`` has before its first visitor (the app's own
  imports, polars, napkifu, pandas, Plotly, are in the figure);
- first render (restart): a restarted server (in-memory caches empty) on a season
  it has seen before (each file's tables read back from napkifu's result cache);
  also measured in a new Python process, imports included;
- first render (one new file): a restarted server on the season plus one file it
  has not seen (only that file is judged);
- cached interactions: rerun, page switches, a widget change and a replay step;
- the tricks table on request (Export: judged with every card's detail, then from
  the result cache);
- ``--restart``: only the restarted server's first render, ``--repeat`` times (the
  result cache filled first, untimed), also with the scan each new AppTest makes;
- the double-dummy analysis on request (Replay: one round; Players: 20 rounds), each
  from the last five tricks (the pages' defaults).

Targets (issues 26, 29): first render < 4 s cold and < 0.5 s cached, on 2 cores.
The season is loaded through :func:`napkifu.analysis.load_sources`.
"""

from __future__ import annotations

import argparse
import atexit
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


WARM_SCRIPT = "import streamlit as st\nst.write('warm')"
"""A throwaway run: outside a server, Streamlit's first element of a process
inspects the call stack (to warn "use streamlit run"), 0.1-0.15 s a server never pays."""
AS_SERVER = "_bidi_component_manager"
"""Each new AppTest scans every installed package's metadata for Streamlit components
on its first run (0.1-0.3 s here, 250 metadata files); a server does that once, when
its Runtime starts, before any visitor (streamlit/runtime/runtime.py). The timed
AppTests get the warm-up's registry, as every session of a server shares its own."""


def _count_rounds(folder: Path) -> int:
    return sum(len(re.findall(r"^\s*round\s+\d+", p.read_text("utf-8"), re.M))
               for p in folder.rglob("*.nap"))  # fmt: skip


def _simulate(folder: Path, rounds: int) -> bool:
    games = max(1, rounds // 20)
    cmd = [sys.executable, "-m", "napkifu", "simulate", "--games", str(games), "--rounds", "20",
           "--per-file", "10", "--seed", "6", "--jobs", "2", "-o", str(folder)]  # fmt: skip
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    return done.returncode == 0 and any(folder.glob("*.nap"))


def _replicate(folder: Path, rounds: int) -> None:
    """Copies of sample_records/ with a new title line per copy (a new round_id, so
    no copy is a duplicate of another)."""
    samples = sorted((ROOT / "sample_records").rglob("*.nap"))
    if not samples:
        raise SystemExit("no simulator and no sample_records/: give --folder")
    total, copy = 0, 0
    while total < rounds:
        copy += 1
        for src in samples:
            text = src.read_text("utf-8")
            text = re.sub(r"^(\s*game)\b.*$", rf'\1 "bench copy {copy}"', text, flags=re.M)
            if not re.search(r"^\s*game\b", text, re.M):
                text = f'game "bench copy {copy}"\n' + text
            dest = folder / f"copy{copy:04d}-{src.name}"
            dest.write_text(text, "utf-8")
            total += len(re.findall(r"^\s*round\s+\d+", text, re.M))


def _scratch(prefix: str) -> str:
    """A temporary folder of this run (a result cache, a grown season), removed when
    the benchmark ends: each holds a season's cached tables, tens of MB."""
    path = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, path, True)
    return path


def prepare(rounds: int) -> Path:
    folder = Path(tempfile.gettempdir()) / f"napkifu-bench-season-{rounds}"
    if folder.is_dir() and _count_rounds(folder) >= rounds * 0.9:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    print(f"generating ~{rounds} rounds in {folder} …", flush=True)
    if not _simulate(folder, rounds):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        _replicate(folder, rounds)
    return folder


def timed(label: str, fn, results: dict[str, float]) -> object:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    out = fn()
    results[label] = time.perf_counter() - start
    print(f"  {label:<40} {results[label]:7.3f} s", flush=True)
    return out


def _one_more_file(folder: Path) -> Path:
    """The season's files (linked, not copied) plus one new file: the first file
    under a new title, so its bytes and its rounds are new."""
    grown = Path(_scratch("napkifu-bench-grown-"))
    paths = sorted(folder.rglob("*.nap"))
    for p in paths:
        (grown / p.name).symlink_to(p)
    text = paths[0].read_text("utf-8")
    (grown / "zz-new.nap").write_text(re.sub(r'^game "', 'game "New ', text, count=1, flags=re.M),
                                      "utf-8")  # fmt: skip
    return grown


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rounds", type=int, default=10_000)
    ap.add_argument("--folder", help="use these records instead of generating them")
    ap.add_argument("--repeat", type=int, default=5, help="repeats of each cached interaction")
    ap.add_argument("--restart", action="store_true",
                    help="only the restarted server's first render, --repeat times")  # fmt: skip
    ap.add_argument("--cold", type=int, metavar="N", default=0,
                    help="only the cold first render, N times, each with its timeline")  # fmt: skip
    args = ap.parse_args()
    folder = Path(args.folder) if args.folder else prepare(args.rounds)
    os.environ["NAPKIFU_RECORDS"] = str(folder)
    # Outside `streamlit run` every st.* call warns "missing ScriptRunContext": noise here.
    os.environ.setdefault("STREAMLIT_LOGGER_LEVEL", "error")

    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from dashboard import data

    files = data.read_folder(folder)
    size = sum(len(f.data) for f in files)
    print(f"{len(files)} files, {size / 1e6:.1f} MB, {_count_rounds(folder)} rounds, "
          f"{os.cpu_count()} cores")  # fmt: skip
    r: dict[str, float] = {}
    if not args.restart and not args.cold:
        loaded = timed("judge (no cache)", lambda: data.judge_sources(files), r)
        print(
            f"  → {loaded.season.rounds.height} rounds in the season, "  # type: ignore[attr-defined]
            f"{loaded.season.excluded.height} excluded"
        )  # type: ignore[attr-defined]

    # A result cache of its own: cold means cold, and the user's cache is left alone.
    os.environ["NAPKIFU_CACHE_DIR"] = _scratch("napkifu-bench-cache-")
    app = str(ROOT / "dashboard" / "app.py")

    warm = AppTest.from_string(WARM_SCRIPT)
    warm.run()

    def fresh() -> AppTest:
        st.cache_data.clear()
        st.cache_resource.clear()
        at = AppTest.from_file(app, default_timeout=600)
        setattr(at, AS_SERVER, getattr(warm, AS_SERVER, None))
        return at

    if args.restart:
        return restarts(app, fresh, files, args.repeat)
    if args.cold:
        return colds(fresh, args.cold)
    # The cold render split: napkifu's judging (load_sources: the engine on every
    # core, issue 26) and the dashboard's own share (tables, figures, the page).
    from dashboard import state

    judging: list[float] = []
    cpu: list[float] = []

    def load_timed(files, **how):  # type: ignore[no-untyped-def]
        start, workers, own = time.perf_counter(), _children_cpu(), time.process_time()
        out = data.load_sources(files, **how)
        judging.append(time.perf_counter() - start)
        cpu.append(time.process_time() - own - workers)  # (the workers' once they are reaped)
        return out

    state.load_sources = load_timed  # type: ignore[assignment]
    at = fresh()
    timed("first render (cold: judges everything)", at.run, r)
    assert not at.exception, at.exception
    cpu[0] += _reaped_children_cpu()
    state.load_sources = data.load_sources  # type: ignore[assignment]
    label = "  of which judging (load_sources)"
    r[label] = judging[0]
    print(f"  {label:<40} {r[label]:7.3f} s (the engine on every core)")
    label = "  judging CPU (workers and server)"
    r[label] = cpu[0]
    print(f"  {label:<40} {r[label]:7.3f} s (on 2 idle cores at best {cpu[0] / 2:.1f} s)")
    label = "  of which the dashboard's own"
    r[label] = r["first render (cold: judges everything)"] - judging[0]
    print(f"  {label:<40} {r[label]:7.3f} s (tables, figures, page)")
    data.wait_for_stores()  # (the cache is written after the first render, on a thread)
    new_server = (
        "import atexit, os, shutil, sys, tempfile, time\n"
        "from streamlit.testing.v1 import AppTest\n"
        "os.environ['NAPKIFU_CACHE_DIR'] = tempfile.mkdtemp(prefix='napkifu-bench-cache-')\n"
        "atexit.register(shutil.rmtree, os.environ['NAPKIFU_CACHE_DIR'], True)\n"
        f"warm = AppTest.from_string({WARM_SCRIPT!r}); warm.run()\n"
        f"at = AppTest.from_file({app!r}, default_timeout=600)\n"
        f"setattr(at, {AS_SERVER!r}, getattr(warm, {AS_SERVER!r}, None))\n"
        "start = time.perf_counter(); at.run(); took = time.perf_counter() - start\n"
        "print(took); sys.exit(1 if at.exception else 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", new_server], cwd=ROOT, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    label = "first render (new server: judges all)"
    r[label] = float(done.stdout.split()[-1])
    print(f"  {label:<40} {r[label]:7.3f} s (the app's imports included)")
    at = fresh()
    timed("first render (restart: result cache)", at.run, r)
    assert not at.exception, at.exception
    grown = _one_more_file(folder)
    os.environ["NAPKIFU_RECORDS"] = str(grown)
    at = fresh()
    timed("first render (one new file)", at.run, r)
    assert not at.exception, at.exception
    os.environ["NAPKIFU_RECORDS"] = str(folder)
    at = fresh()
    at.run()

    child = (
        "import sys; from streamlit.testing.v1 import AppTest; "
        f"at = AppTest.from_file({app!r}, default_timeout=600); at.run(); "
        "sys.exit(1 if at.exception else 0)"
    )
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", child], cwd=ROOT, capture_output=True)
    r["first render (new process, result cache)"] = time.perf_counter() - start
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    print(f"  {'first render (new process, result cache)':<40} "
          f"{r['first render (new process, result cache)']:7.3f} s (imports included)")  # fmt: skip

    def interaction(label: str, action) -> None:  # type: ignore[no-untyped-def]
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            action()
            times.append(time.perf_counter() - start)
            assert not at.exception, at.exception
        r[label] = statistics.median(times)
        print(f"  {label:<40} {r[label]:7.3f} s (median of {len(times)}, max {max(times):.3f})")

    interaction("cached: rerun Overview", at.run)
    for page in ("players", "pairings", "replay", "problems", "export", "overview"):
        interaction(
            f"cached: switch to {page}", lambda p=page: at.switch_page(f"views/{p}.py").run()
        )
    at.switch_page("views/players.py").run()
    names = at.selectbox(key="player").options
    interaction("cached: Players, pick another player",
                lambda: at.selectbox(key="player").select(names[-1] if at.selectbox(key="player").value == names[0] else names[0]).run())  # fmt: skip
    at.switch_page("views/replay.py").run()
    interaction("cached: Replay, next trick", lambda: at.button(key="replay_next").click().run())
    interaction("cached: filter one player", lambda: at.multiselect(key="f_players").set_value(
        [] if at.multiselect(key="f_players").value else [names[0]]).run())  # fmt: skip

    # The tricks table, on request only (Export): the season is judged without every
    # card's detail; the first request judges the files with it (on every core).
    loaded = data.load_sources(files, persist=True)
    timed("Export: tricks table (judged)", loaded.tricks, r)
    data.wait_for_stores()
    loaded = data.load_sources(files, persist=True)
    timed("Export: tricks table (result cache)", loaded.tricks, r)

    # The analysis (issue 30), on request only: its time is the solver's (issue 30's
    # benchmark, bench_solver.py) plus judging the round's file once.
    from dashboard.analysis import solver_installed

    if solver_installed():
        if at.multiselect(key="f_players").value:
            at.multiselect(key="f_players").set_value([]).run()
        at.switch_page("views/replay.py").run()
        timed("Replay: analyse the round (last 5 tricks)",
              lambda: at.toggle(key="analyse_on").set_value(True).run(), r)  # fmt: skip
        assert not at.exception, at.exception
        at.switch_page("views/players.py").run()
        timed("Players: analyse 20 rounds (last 5 tricks)",
              lambda: at.button(key="accuracy_go").click().run(), r)  # fmt: skip
        assert not at.exception, at.exception

    cached = [v for k, v in r.items() if k.startswith("cached")]
    first = r["first render (restart: result cache)"]
    print(
        f"\nfirst render (restart, target < 0.5 s) {first:.2f} s; cold (target < 4 s) "
        f"{r['first render (cold: judges everything)']:.2f} s,"
        f" new server {r['first render (new server: judges all)']:.2f} s"
    )
    print(f"slowest cached interaction {max(cached):.3f} s (target < 0.5 s)")
    return 0


def colds(fresh, repeat: int) -> int:  # type: ignore[no-untyped-def]
    """The cold first render alone, ``repeat`` times (each with a result cache of its
    own), with the CPU of the whole render (server and worker) and a timeline of the
    judging (cold_timeline.py): where the worker's start, the judging, the transfer
    and the assembly go."""
    import cold_timeline

    from dashboard import data, state
    from napkifu.analysis import sources

    # The job of a load (before issue 29's fifth pass: file_frames).
    job = "source_rows" if hasattr(sources, "source_rows") else "file_frames"
    unstamp = cold_timeline.install(sources, job)
    spans: list[tuple[float, float]] = []
    pooled: list[float] = []
    share = sources.share_jobs

    def share_timed(*args, **kwargs):  # type: ignore[no-untyped-def]
        out = share(*args, **kwargs)
        pooled.append(time.monotonic())
        return out

    sources.share_jobs = share_timed

    def load_timed(files, **how):  # type: ignore[no-untyped-def]
        start = time.monotonic()
        out = data.load_sources(files, **how)
        spans.append((start, time.monotonic()))
        return out

    state.load_sources = load_timed  # type: ignore[assignment]
    walls, cpus, runs = [], [], []
    for number in range(repeat):
        os.environ["NAPKIFU_CACHE_DIR"] = _scratch("napkifu-bench-cache-")
        log = os.environ[cold_timeline.ENV] = tempfile.mktemp(prefix="napkifu-timeline-")
        at = fresh()
        load = os.getloadavg()[0]
        start, own, workers = time.perf_counter(), time.process_time(), _children_cpu()
        at.run()
        wall = time.perf_counter() - start
        cpu = time.process_time() - own + _reaped_children_cpu() - workers
        assert not at.exception, at.exception
        data.wait_for_stores()
        t0, t1 = spans[-1]
        runs.append(cold_timeline.phases(log, t0, pooled[-1], t1))
        walls.append(wall)
        cpus.append(cpu)
        print(f"  cold {number + 1}: {wall:.3f} s, CPU {cpu:.2f} s, load_sources {t1 - t0:.3f} s, "
              f"the rest {wall - (t1 - t0):.3f} s (load avg {load:.1f})\n    "
              f"{runs[-1].line()}", flush=True)  # fmt: skip
        os.unlink(log)
    unstamp()
    sources.share_jobs = share
    state.load_sources = data.load_sources  # type: ignore[assignment]
    print(f"cold first render: median {statistics.median(walls):.3f} s (min {min(walls):.3f}, "
          f"max {max(walls):.3f}), CPU median {statistics.median(cpus):.2f} s\n  median: "
          f"{cold_timeline.median_line(runs)}")  # fmt: skip
    return 0


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _reaped_children_cpu() -> float:
    """:func:`_children_cpu` once every worker has exited (a pool no longer waits
    for its workers' exit: they are reaped on its own thread)."""
    import multiprocessing

    while multiprocessing.active_children():
        time.sleep(0.005)
    return _children_cpu()


def restarts(app: str, fresh, files, repeat: int) -> int:  # type: ignore[no-untyped-def]
    """The restart figure alone: the season judged into the result cache once, then
    ``repeat`` restarted servers' first renders (each as a server makes it, the
    component registry shared), and as many with the scan a new AppTest makes."""
    from streamlit.testing.v1 import AppTest

    from dashboard import data

    data.load_sources(files, persist=True)
    data.wait_for_stores()
    for label, make in (("restart (a server)", fresh),
                        ("restart (scan per AppTest)", lambda: AppTest.from_file(app, default_timeout=600))):  # fmt: skip
        times, cpu = [], []
        for _ in range(repeat):
            at = make()
            import streamlit as st

            st.cache_data.clear()
            st.cache_resource.clear()
            start, own = time.perf_counter(), time.process_time()
            at.run()
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - own)
            assert not at.exception, at.exception
        print(f"  {label:<40} {statistics.median(times):7.3f} s (median of {repeat}, "
              f"max {max(times):.3f}; CPU {statistics.median(cpu):.3f} s)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
