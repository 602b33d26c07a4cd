"""The dashboard's first render as a user meets it: a real ``streamlit run`` server,
a real browser (Debian's Chromium, driven by Playwright).

    .venv/bin/python benchmarks/bench_dashboard_browser.py [--rounds 10000] [--folder DIR]

The season is the one ``bench_dashboard.py`` uses (generated once into the temp
dir). The server is started with ``.venv/bin/streamlit run dashboard/app.py``, the
command the README gives, with a result cache of its own; each figure is the time
from asking the browser for the page to the leaderboard's leader shown with
Streamlit's running indicator gone, and to the cumulative chart drawn by Plotly
in the browser (which happens after the script run):

- cold: a new server, nothing cached anywhere (judges every file);
- new session: a second browser tab on the same server (its caches are warm);
- restart: a new server on the same, now filled, result cache and at the same
  address, so the browser has Streamlit's page cached as a user's would (also
  timed: the server's own start, until it answers its health check).

After the cold render and the restart it prints the CPU time the server has used
so far (its judging processes included): on two cores the browser and the server
share the machine, so the figures move with what both have to do.

AppTest (``bench_dashboard.py``) runs the same script without the network, the
browser or the server; this measures what it leaves out.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(Path(__file__).resolve().parent), str(ROOT / "tests")]

from chromium import ARGS, CHROMIUM, free_port, healthy  # noqa: E402


def start_server(
    folder: Path, cache: Path, port: int | None = None
) -> tuple[subprocess.Popen[bytes], str, float]:
    """A `streamlit run` server on ``port`` (default: a free loopback port):
    (process, url, seconds until it answered its health check)."""
    port = port or free_port()
    streamlit = Path(sys.executable).with_name("streamlit")
    env = {**os.environ, "NAPKIFU_RECORDS": str(folder), "NAPKIFU_CACHE_DIR": str(cache),
           "NAPKIFU_LANG": "en"}  # fmt: skip
    start = time.perf_counter()
    proc = subprocess.Popen(
        [str(streamlit), "run", "dashboard/app.py", "--server.headless", "true",
         "--server.address", "127.0.0.1", "--server.port", str(port),
         "--browser.gatherUsageStats", "false"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    while not healthy(url):
        if proc.poll() is not None or time.perf_counter() - start > 120:
            raise RuntimeError("the dashboard did not start")
        time.sleep(0.05)
    return proc, url, time.perf_counter() - start


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()


CHART_DRAWN = """() => [...document.querySelectorAll('.js-plotly-plot')].some(
    g => g._fullLayout && (g.querySelector('.scatterlayer .trace') || g.querySelector('canvas')))"""


def cpu_seconds(pid: int) -> float:
    """CPU time of a process so far, its live children's and its reaped ones'
    (Linux's /proc; 0.0 elsewhere): what the server spent, judging processes included."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

    def own(p: int, reaped: bool) -> float:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        times = fields[11:15] if reaped else fields[11:13]  # utime stime [cutime cstime]
        return sum(int(x) for x in times) / tick

    children: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        children += [int(c) for c in task.read_text().split()]
    return own(pid, True) + sum(own(c, True) for c in children)


def first_render(context: object, url: str) -> tuple[float, float]:
    """Seconds from asking for the page to the leader shown with the run finished,
    and to the cumulative chart drawn (Plotly draws in the browser, after the run)."""
    page = context.new_page()  # type: ignore[attr-defined]
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.get_by_test_id("leader").wait_for(timeout=600_000)
    page.wait_for_function(
        "() => !document.querySelector(\"[data-testid='stStatusWidget']\")", timeout=600_000
    )
    ready = time.perf_counter() - start
    page.wait_for_function(CHART_DRAWN, timeout=600_000)
    drawn = time.perf_counter() - start
    page.close()
    return ready, drawn


def _show(label: str, times: tuple[float, float]) -> None:
    print(f"  {label:<40} {times[0]:7.3f} s, chart drawn {times[1]:7.3f} s", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=10_000)
    ap.add_argument("--folder", help="use these records instead of generating them")
    args = ap.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2
    from bench_dashboard import _count_rounds, prepare
    from playwright.sync_api import sync_playwright

    folder = Path(args.folder) if args.folder else prepare(args.rounds)
    print(f"{_count_rounds(folder)} rounds in {folder}, {os.cpu_count()} cores")
    cache = Path(tempfile.mkdtemp(prefix="napkifu-bench-browser-cache-"))
    profile = tempfile.mkdtemp(prefix="napkifu-bench-chromium-")
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=ARGS,
            viewport={"width": 1400, "height": 1000},
        )  # fmt: skip
        try:
            proc, url, _ = start_server(folder, cache)
            try:
                cold = first_render(context, url)
                _show("first render, cold (judges everything)", cold)
                print(f"  {'  server CPU until then':<40} {cpu_seconds(proc.pid):7.3f} s")
                _show("a new browser session, same server", first_render(context, url))
            finally:
                stop_server(proc)
            # The same address as before, as a restarted dashboard has: the browser
            # has Streamlit's page cached (a new port is a new origin, fetched anew).
            proc, url, started = start_server(folder, cache, int(url.rsplit(":", 1)[1]))
            try:
                warm = first_render(context, url)
                print(f"  {'server start (until healthy)':<40} {started:7.3f} s")
                _show("first render after a restart (cache)", warm)
                print(f"  {'  server CPU until then':<40} {cpu_seconds(proc.pid):7.3f} s")
            finally:
                stop_server(proc)
        finally:
            context.close()
    print(f"\ncold {cold[0]:.2f} s (target < 3 s), chart {cold[1]:.2f} s; "
          f"after a restart {warm[0]:.2f} s, chart {warm[1]:.2f} s")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
