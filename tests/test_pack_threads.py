"""Packing a file's tables on one thread while another runs polars queries.

Polars writing an IPC stream into a Python file object (``BytesIO``) from one
thread while another thread runs a query deadlocked both within a second: each
waited on polars' thread pool, whose task waited for the GIL. Streamlit runs every
session's script on a thread of its own and the dashboard packs what it judges
for the result cache, so two users loading at once could hang the dashboard for
good. :func:`napkifu.analysis.frames.pack_frames` writes through a file instead;
this runs the race in a child process, so that a deadlock fails the test instead
of hanging the suite.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RACE = """
import sys, threading, time
sys.path.insert(0, {root!r})
import polars as pl
from dashboard.data import file_frames
from napkifu.analysis.frames import pack_frames, unpack_frames

paths = sorted(__import__("pathlib").Path({samples!r}).glob("*.nap"))
frames = [file_frames((p.name, p.read_bytes())) for p in paths]
packed = []

def pack() -> None:
    for _ in range(15):
        for f in frames:
            packed.append(pack_frames(f))

thread = threading.Thread(target=pack, daemon=True)
thread.start()
queries = 0
while thread.is_alive():
    pl.concat([f["player_rounds"] for f in frames]).group_by("player").len()
    queries += 1
thread.join()
again = unpack_frames(packed[0])
assert all(again[name].equals(frames[0][name]) for name in frames[0]), "round trip"
print(len(packed), queries)
"""


def test_packing_on_a_thread_beside_polars_queries_does_not_deadlock() -> None:
    script = RACE.format(root=str(ROOT), samples=str(ROOT / "sample_records"))
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stderr[-2000:]
    packs, queries = map(int, done.stdout.split())
    assert packs == 15 * len(list((ROOT / "sample_records").glob("*.nap"))) and queries > 0
