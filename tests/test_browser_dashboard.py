"""The dashboard in a real browser: Debian's Chromium, driven by Playwright.

Uses the server ``.ci/run`` started (NAPKIFU_DASHBOARD_URL) or starts its own on a
free loopback port. Opens every page in English and Japanese at 1400 and 390 px
wide and fails on an exception, a raw column name in Japanese or an element wider
than the window; steps the replay. Screenshots go to test-artifacts/ (and, with
NAPKIFU_SCREENSHOTS=1, small copies to docs/img/ for docs/dashboard.md).
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

from napkifu.analysis import COLUMNS

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


PAGES = ("overview", "ratings", "players", "games", "pairings", "replay", "problems", "export")
WIDTHS = (1400, 390)
DOCS_IMG = ROOT / "docs" / "img"
RAW_NAMES = sorted(
    {name for table in COLUMNS.values() for name in table if "_" in name} - {"round_id"}
)
"""Column names a reader should never see as headers (``points_avg``, ``napoleon_win_rate``…)."""
TOO_WIDE = """() => {
  const vw = document.documentElement.clientWidth;
  const clipped = (e) => { for (let a = e.parentElement; a; a = a.parentElement) {
      const o = getComputedStyle(a).overflowX; if (o !== 'visible') return true; } return false; };
  const out = [];
  for (const e of document.querySelectorAll("[data-testid='stMain'] *")) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > vw + 1 && !clipped(e)) out.push(e.tagName + '.' + e.className);
  }
  if (document.documentElement.scrollWidth > vw + 1) out.push('page scrolls sideways');
  return out.slice(0, 5);
}"""


def _shot(page: object, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)  # type: ignore[attr-defined]
    if os.environ.get("NAPKIFU_SCREENSHOTS"):
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        _small_png(path, DOCS_IMG / f"{name}.png")
    return path


def _small_png(src: Path, dst: Path) -> None:
    """A docs copy: at most 1000 px wide, 128 colours (a few tens of KB)."""
    try:
        from PIL import Image
    except ImportError:
        shutil.copy(src, dst)
        return
    img = Image.open(src).convert("RGB")
    if img.width > 1000:
        img = img.resize((1000, round(img.height * 1000 / img.width)))
    img.quantize(128).save(dst, optimize=True)


def _settle(page: object) -> None:
    """Wait until Streamlit has finished its run (no running indicator)."""
    p = page  # type: ignore[assignment]
    p.wait_for_selector("[data-testid='stApp']", timeout=60_000)
    p.wait_for_function(
        "() => !document.querySelector(\"[data-testid='stStatusWidget']\")"
        " && !document.querySelector(\"[data-testid='stSkeleton']\")",
        timeout=60_000,
    )
    p.wait_for_timeout(800)


def _headers(page: object) -> list[str]:
    """The visible headers of every table (the grid builds its accessible table
    once focused)."""
    p = page  # type: ignore[assignment]
    out: list[str] = []
    grids = p.get_by_test_id("stDataFrame")
    for i in range(grids.count()):
        if not grids.nth(i).is_visible():  # (in a tab not shown)
            continue
        canvas = grids.nth(i).get_by_test_id("data-grid-canvas").first
        canvas.focus()
        heads = canvas.locator("th")
        heads.first.wait_for(state="attached", timeout=30_000)
        out += [heads.nth(j).text_content() or "" for j in range(heads.count())]
    return out


def _check_page(p: object, url: str, page: str, lang: str, width: int) -> None:
    p.set_viewport_size({"width": width, "height": 900})  # type: ignore[attr-defined]
    path = "" if page == "overview" else page  # (the default page is the root)
    p.goto(f"{url}/{path}?lang={lang}", wait_until="domcontentloaded")  # type: ignore[attr-defined]
    p.get_by_test_id("stMain").wait_for(timeout=60_000)  # type: ignore[attr-defined]
    _settle(p)
    if page == "replay":
        p.get_by_test_id("replay-step").wait_for(timeout=30_000)  # type: ignore[attr-defined]
    if page in ("overview", "ratings", "players", "pairings"):
        p.locator(".js-plotly-plot").first.wait_for(timeout=30_000)  # type: ignore[attr-defined]
        _settle(p)
    where = f"{page} {lang} {width}px"
    assert p.get_by_test_id("stException").count() == 0, where  # type: ignore[attr-defined]
    assert p.get_by_text("Page not found").count() == 0, where  # type: ignore[attr-defined]
    text = p.get_by_test_id("stMain").inner_text()  # type: ignore[attr-defined]
    assert "Traceback" not in text, where
    if lang == "ja":
        headers = _headers(p)
        raw = [h for h in headers if h in RAW_NAMES or re.fullmatch(r"[a-z]+_[a-z_]+", h)]
        assert not raw, (where, raw)
        shown = [n for n in RAW_NAMES if re.search(rf"\b{n}\b", text)]
        assert not shown, (where, shown)
    wide = p.evaluate(TOO_WIDE)  # type: ignore[attr-defined]
    assert not wide, (where, wide)
    _shot(p, f"{page}-{lang}-{width}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_page_at_both_widths(dashboard_url: str, page: object, lang: str) -> None:
    """Each page in a desktop window and on a phone: no exception, no raw column
    name in Japanese, nothing wider than the window; a screenshot of each."""
    for width in WIDTHS:
        for name in PAGES:
            _check_page(page, dashboard_url, name, lang, width)


def test_replay_steps_in_chromium(dashboard_url: str, page: object) -> None:
    p = page  # type: ignore[assignment]
    p.set_viewport_size({"width": 1400, "height": 900})
    p.goto(f"{dashboard_url}/replay?lang=en", wait_until="domcontentloaded")
    p.get_by_test_id("replay-step").wait_for(timeout=60_000)
    _settle(p)
    before = p.get_by_test_id("replay-step").inner_text()
    p.get_by_role("button", name="next ▶").click()
    p.wait_for_function(
        "(b) => { const e = document.querySelector(\"[data-testid='replay-step']\");"
        " return e && e.innerText !== b; }", arg=before, timeout=30_000,
    )  # fmt: skip
    _settle(p)
    assert p.get_by_test_id("replay-step").inner_text() != before
    assert p.locator(".nk-table .nk-card").count() >= 3
    assert "round=" in p.url and "file=" in p.url  # the round is in the URL


UPLOADER_WORDS = """() => {
  const box = document.querySelector("[data-testid='stFileUploader'] section");
  const seen = [];
  for (const e of box.querySelectorAll('*')) {
    const own = [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent.trim()).join('');
    const style = getComputedStyle(e);
    if (own && parseFloat(style.fontSize) > 0 && !e.matches("[data-testid='stIconMaterial']"))
      seen.push(own);
    const after = getComputedStyle(e, '::after').content;
    if (after && after !== 'none' && after !== 'normal') seen.push(after.replace(/^"|"$/g, ''));
  }
  return seen;
}"""
"""The words the file uploader shows: text in a visible font size (its icon aside)
and what CSS draws after an element."""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_file_uploader_speaks_the_page_language(
    dashboard_url: str, page: object, lang: str
) -> None:
    """Streamlit's uploader says "Upload", "5MB per file • NAP" and, while a file
    is dragged over it, "Drag and drop files here" in English whatever the page's
    language; the Japanese page shows Japanese words in their place."""
    p = page  # type: ignore[assignment]
    p.set_viewport_size({"width": 1400, "height": 900})
    p.goto(f"{dashboard_url}/?lang={lang}", wait_until="domcontentloaded")
    zone = p.get_by_test_id("stFileUploaderDropzone")
    zone.wait_for(timeout=60_000)
    _settle(p)
    idle = p.evaluate(UPLOADER_WORDS)
    files = p.evaluate_handle(
        "() => { const d = new DataTransfer(); d.items.add(new File(['x'], 'a.nap')); return d; }"
    )
    zone.dispatch_event("dragenter", {"dataTransfer": files})
    p.wait_for_timeout(500)
    dragging = p.evaluate(UPLOADER_WORDS)
    zone.dispatch_event("dragleave", {"dataTransfer": files})
    shown = " | ".join(idle + dragging)
    if lang == "en":
        assert "Upload" in idle and "Drag and drop files here" in dragging, shown
        return
    assert not re.search(r"Upload|per file|Drag|Browse", shown), shown
    assert "ファイルを選ぶ" in idle and any("MB まで" in w for w in idle), shown
    assert "ここにファイルをドロップ" in dragging, shown
    _shot(p, "uploader-ja-1400")


def test_export_downloads_every_table_also_the_tricks_built_on_click(
    dashboard_url: str, page: object
) -> None:
    """Each Export button downloads its CSV (no rerun, no "file not found"); the
    tricks table is built only then (the season is judged without every card's
    detail), one row per trick of every counted round."""
    p = page  # type: ignore[assignment]
    p.set_viewport_size({"width": 1400, "height": 900})
    p.goto(f"{dashboard_url}/export?lang=en", wait_until="domcontentloaded")
    p.get_by_test_id("stDownloadButton").first.wait_for(timeout=60_000)
    _settle(p)
    got = {}
    buttons = p.get_by_test_id("stDownloadButton")
    for i in range(buttons.count()):
        with p.expect_download(timeout=120_000) as info:
            buttons.nth(i).locator("button").first.click()
        download = info.value
        got[download.suggested_filename] = Path(download.path()).read_text("utf-8")
    assert set(got) == {"season.csv", "rounds.csv", "player_rounds.csv", "tricks.csv",
                        "contracts.csv"}  # fmt: skip
    header, *rows = got["tricks.csv"].splitlines()
    assert '"winner"' in header and '"leader"' in header, header
    rounds = [r for r in got["rounds.csv"].splitlines()[1:] if ',"full",' in r]
    assert len(rows) >= 10 * len(rounds) > 0


TOOLTIP_WORDS = """() => {
  const tip = document.querySelector("[data-testid='stTooltipErrorContent']");
  if (!tip) return null;
  const after = getComputedStyle(tip, '::after').content;
  return parseFloat(getComputedStyle(tip).fontSize) > 0 ? tip.innerText
    : after.replace(/^"|"$/g, '');
}"""
"""What a refused file's error tooltip shows: its text, or what CSS draws in its place."""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refused_upload_says_why_in_the_page_language(
    dashboard_url: str, page: object, lang: str
) -> None:
    """Streamlit refuses a file over the size limit ("File must be 5.0MB or
    smaller.") or of another type ("text/plain files are not allowed.") in a
    tooltip of its own, in English; the Japanese page says why in Japanese, and
    the uploader's replaced words do not spill over the refused files' chips."""
    p = page  # type: ignore[assignment]
    p.set_viewport_size({"width": 1400, "height": 900})
    p.goto(f"{dashboard_url}/?lang={lang}", wait_until="domcontentloaded")
    p.get_by_test_id("stFileUploaderDropzone").wait_for(timeout=60_000)
    _settle(p)
    p.get_by_test_id("stFileUploaderDropzoneInput").set_input_files([
        {"name": "big.nap", "mimeType": "application/octet-stream", "buffer": b"x" * (6 << 20)},
        {"name": "notes.txt", "mimeType": "text/plain", "buffer": b"hello"},
    ])  # fmt: skip
    chips = p.get_by_test_id("stFileChip")
    chips.nth(1).wait_for(timeout=30_000)
    said = []
    for i in range(2):
        chips.nth(i).hover()
        p.get_by_test_id("stTooltipErrorContent").wait_for(timeout=10_000)
        said.append(p.evaluate(TOOLTIP_WORDS))
        if lang == "ja" and i == 0:
            _shot(p, "uploader-refused-ja-1400")
        p.mouse.move(1000, 10)
        p.get_by_test_id("stTooltipErrorContent").wait_for(state="detached", timeout=10_000)
    words = p.evaluate(UPLOADER_WORDS)
    p.goto(f"{dashboard_url}/?lang=en", wait_until="domcontentloaded")  # (a new session)
    if lang == "en":
        assert "5.0MB or smaller" in said[0] and "not allowed" in said[1], said
        return
    assert not any(re.search(r"[A-Za-z]{4,}", w) for w in said), said
    assert "5MB を超える" in said[0] and ".nap ファイル" in said[1], said
    assert "ここにファイルをドロップ" not in words, words  # (only while a file is dragged)


def test_replay_analysis_colours_cards_at_both_widths(dashboard_url: str, page: object) -> None:
    """The Replay page's analysis in a browser, on the first round it opens
    (sample_records/bga-online-4p.nap, game 1, round 1), from its default first
    trick (8 of 12): at trick 9 Riku's ♣9 and Sam's ♦2 each cost an honor (``?``),
    the other two cards are best. Rings, legend and notes show, nothing is wider
    than the window, on a desktop and on a phone."""
    from dashboard.analysis import solver_installed

    if not solver_installed():
        pytest.skip("no napkifu_solver")
    p = page  # type: ignore[assignment]
    p.set_viewport_size({"width": 1400, "height": 900})
    p.goto(f"{dashboard_url}/replay?lang=en&file=bga-online-4p.nap&game=1&round=1",
           wait_until="domcontentloaded")  # fmt: skip
    p.get_by_test_id("replay-step").wait_for(timeout=60_000)
    _settle(p)
    p.get_by_text("Analyse this round").click()
    p.get_by_test_id("nk-legend").wait_for(timeout=60_000)
    for _ in range(9):
        p.get_by_role("button", name="next ▶").click()
        _settle(p)
    assert p.get_by_test_id("replay-step").inner_text() == "Trick 9/12"
    for width in WIDTHS:
        p.set_viewport_size({"width": width, "height": 900})
        p.wait_for_timeout(500)
        where = f"replay analysis {width}px"
        assert p.get_by_test_id("stException").count() == 0, where
        grades = p.locator("[data-testid='nk-table'] [data-grade]").evaluate_all(
            "es => es.map(e => e.dataset.grade)"
        )
        assert sorted(grades) == ["best", "best", "inaccuracy", "inaccuracy"], (where, grades)
        ring = p.locator("[data-grade='inaccuracy'] .nk-card").first.evaluate(
            "e => getComputedStyle(e).outlineStyle"
        )
        assert ring == "solid", where
        notes = p.get_by_test_id("nk-notes")
        assert notes.is_visible() and "♣9: cost 1 (best ♦10)" in notes.inner_text(), where
        wide = p.evaluate(TOO_WIDE)
        assert not wide, (where, wide)
        p.get_by_test_id("nk-table").scroll_into_view_if_needed()
        _shot(p, f"replay-analysis-en-{width}")
