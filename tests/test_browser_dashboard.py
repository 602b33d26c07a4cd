"""The dashboard in a real browser: Debian's Chromium, driven by Playwright.

Uses the server ``.ci/run`` started (NAPKIFU_DASHBOARD_URL) or starts its own on a
free loopback port. Loads the app, reads the leader from the leaderboard, switches
pages and steps the replay; screenshots go to test-artifacts/ (and, with
NAPKIFU_SCREENSHOTS=1, to docs/screenshots/ for the README).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from chromium import ARGS, CHROMIUM, free_port, healthy

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is missing")


def _wait(url: str, seconds: float, proc: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if healthy(url):
            return
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"streamlit exited with status {proc.returncode}")
        time.sleep(0.25)
    raise RuntimeError(f"the dashboard at {url} did not answer within {seconds:.0f}s")


@pytest.fixture(scope="module")
def dashboard_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    given = os.environ.get("NAPKIFU_DASHBOARD_URL")
    if given:
        _wait(given, 60)
        yield given
        return
    port = free_port()
    log = tmp_path_factory.mktemp("streamlit") / "streamlit.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "dashboard/app.py",
             "--server.headless", "true", "--server.address", "127.0.0.1",
             "--server.port", str(port), "--browser.gatherUsageStats", "false"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
            env={**os.environ, "NAPKIFU_JOBS": "2"},  # the judging pool, as .ci/run does
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        _wait(url, 60, proc)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_api.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=ARGS,
            viewport={"width": 1400, "height": 1900},
        )  # fmt: skip
        try:
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


def _shot(page: object, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]
    if os.environ.get("NAPKIFU_SCREENSHOTS"):
        docs = ROOT / "docs" / "screenshots"
        docs.mkdir(parents=True, exist_ok=True)
        shutil.copy(ARTIFACTS / f"{name}.png", docs / f"{name}.png")


def _settle(page: object) -> None:
    """Wait until Streamlit has finished its run (no running indicator)."""
    p = page  # type: ignore[assignment]
    p.wait_for_selector("[data-testid='stApp']", timeout=60_000)
    p.wait_for_function(
        "() => !document.querySelector(\"[data-testid='stStatusWidget']\")", timeout=60_000
    )
    p.wait_for_timeout(500)


def test_dashboard_in_chromium(dashboard_url: str, page: object) -> None:
    p = page  # type: ignore[assignment]
    p.goto(dashboard_url, wait_until="domcontentloaded")
    p.get_by_text("Leaderboard").first.wait_for(timeout=60_000)
    _settle(p)
    leader = p.get_by_test_id("leader").inner_text(timeout=30_000)
    m = re.search(r"^(.+?) · (-?\d+)", leader)
    assert m, leader
    # the same player and points are in the leaderboard's first row
    # (the grid is a canvas; it builds its accessible table once focused)
    canvas = p.get_by_test_id("stDataFrame").first.get_by_test_id("data-grid-canvas").first
    canvas.focus()
    row = canvas.locator("tr[aria-rowindex='2'] td")
    row.first.wait_for(state="attached", timeout=30_000)
    texts = [row.nth(i).text_content() for i in range(min(row.count(), 3))]
    assert texts[:3] == ["1", m.group(1), m.group(2)], texts
    p.locator(".js-plotly-plot").first.wait_for(timeout=30_000)
    _shot(p, "overview")

    p.get_by_test_id("stSidebarNav").get_by_text("Players").click()
    p.get_by_text("Points per round").first.wait_for(timeout=30_000)
    _settle(p)
    assert p.locator(".js-plotly-plot").count() >= 5
    _shot(p, "players")

    p.get_by_test_id("stSidebarNav").get_by_text("Replay").click()
    p.get_by_test_id("replay-step").wait_for(timeout=30_000)
    _settle(p)
    before = p.get_by_test_id("replay-step").inner_text()
    p.get_by_role("button", name="next ▶").click()
    p.wait_for_function(
        "(b) => { const e = document.querySelector(\"[data-testid='replay-step']\");"
        " return e && e.innerText !== b; }", arg=before, timeout=30_000,
    )  # fmt: skip
    _settle(p)
    after = p.get_by_test_id("replay-step").inner_text()
    assert after != before
    assert p.locator(".nk-table .nk-card").count() >= 3
    _shot(p, "replay")

    p.get_by_test_id("stSidebarNav").get_by_text("Problems").click()
    p.get_by_text("Every diagnostic").first.wait_for(timeout=30_000)
    _shot(p, "problems")
