"""The result cache only ever saves time (issue 31, item 7): a damaged entry is a
miss (a flipped byte could make polars panic, or even abort on a huge allocation),
and the cache writes a ``.gitignore`` only into a folder it created."""

from __future__ import annotations

import io
import random
from pathlib import Path

import polars as pl
import pytest

from napkifu.analysis.frames import pack_frames, read_cached
from napkifu.cache import ResultCache
from napkifu.cli import main

SEASON = Path(__file__).parent / "records" / "analysis" / "season"


def _export(capsys: pytest.CaptureFixture[str], cache: Path) -> str:
    args = ["export", "-q", "--no-progress", "--cache-dir", str(cache), "--season", "-"]
    assert main([*args, str(SEASON)]) == 0
    return capsys.readouterr().out


def test_flipped_bytes_in_cached_tables_are_misses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    fresh = _export(capsys, cache)
    entries = sorted(cache.rglob("*.bin")) + sorted(cache.rglob("*.json"))
    assert entries
    rng = random.Random(31)
    for round_ in range(5):
        for entry in entries:
            data = bytearray(entry.read_bytes())
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
            entry.write_bytes(bytes(data))
        assert _export(capsys, cache) == fresh, round_  # judged again, then stored again


def _panicking_ipc() -> bytes:
    """Arrow bytes polars panics on (found by flipping bits of a small table)."""
    df = pl.DataFrame({"player": ["さくら", "ハル"], "points": [2, -1]})
    buf = io.BytesIO()
    df.write_ipc_stream(buf)
    data = buf.getvalue()
    for pos in range(len(data)):
        for bit in range(8):
            damaged = bytearray(data)
            damaged[pos] ^= 1 << bit
            try:
                pl.read_ipc_stream(io.BytesIO(bytes(damaged)))
            except pl.exceptions.PanicException:
                return bytes(damaged)
            except Exception:
                continue
    pytest.skip("this polars panics on no single flipped bit")


def test_a_table_polars_panics_on_is_a_miss(tmp_path: Path) -> None:
    cache = ResultCache(tmp_path / "cache")
    key = cache.key(b"record", "settings")
    bad = _panicking_ipc()
    head, _, _ = pack_frames({"rounds": pl.DataFrame({"x": [1]})}).partition(b"\n")
    packed = f'[["rounds", {len(bad)}]]'.encode() + b"\n" + bad
    assert head  # (the layout pack_frames writes: a JSON head, a newline, the tables)
    cache.put_bytes(key, packed)  # stored whole: its digest is right, its table is not
    assert cache.get_bytes(key) == packed
    assert read_cached(cache, key) is None


def test_no_gitignore_in_a_folder_the_cache_did_not_create(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = tmp_path / "records"
    records.mkdir()
    _export(capsys, records)  # --cache-dir pointing at an existing folder
    assert not (records / ".gitignore").exists()
    assert list(records.rglob("*.bin"))  # still cached, inside it
    own = tmp_path / "new-cache"
    _export(capsys, own)
    assert (own / ".gitignore").read_text(encoding="utf-8").endswith("*\n")
