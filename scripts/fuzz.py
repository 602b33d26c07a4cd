#!/usr/bin/env python3
"""The long fuzz run of ``napkifu check`` (issue 9).

Feeds N inputs (default 100,000) to ``napkifu.loads`` — valid records mangled at
the line, token, character and byte level, re-encoded (CP932, UTF-16, BOM+CRLF,
lone CR, NUL), and statement-shaped line soup — and checks the property of
tests/test_fuzz.py for each: diagnostics come back, nothing raises, no internal
error (NAP900), no diagnostic outside the file. Input i is built from
``random.Random(f"{seed}/{i}")``, so any failure replays from (seed, i); each
failing input is also saved to the reproducer folder with its error.

    .venv/bin/python scripts/fuzz.py                  # 100,000 inputs, all cores
    .venv/bin/python scripts/fuzz.py -n 5000 --seed 7 --jobs 1
    .venv/bin/python scripts/fuzz.py --replay test-artifacts/fuzz-failures/000123.bin

Prints the count, the seconds and the failures; exit status 1 if any failed. A
failing text input is also shrunk (delta debugging) to ``NNNNNN.min.txt``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

KINDS = ("text", "bytes", "encoding", "soup")

_CORPUS: list[str] = []


def _init() -> None:
    from fuzzing.mangle import corpus

    _CORPUS[:] = corpus()


def make_input(seed: int, i: int) -> tuple[str, str | bytes]:
    from fuzzing.mangle import encodings, mutate_bytes, mutate_text, random_lines

    rng = random.Random(f"{seed}/{i}")
    kind = KINDS[i % len(KINDS)]
    base = rng.choice(_CORPUS)
    if kind == "text":
        return kind, mutate_text(base, rng, _CORPUS)
    if kind == "bytes":
        return kind, mutate_bytes(base.encode("utf-8"), rng)
    if kind == "encoding":
        return kind, encodings(mutate_text(base, rng, _CORPUS), rng)
    return kind, random_lines(rng)


def run_chunk(job: tuple[int, int, int]) -> tuple[int, list[tuple[int, str, bytes, str]]]:
    from fuzzing.mangle import check_sane

    seed, start, stop = job
    failures = []
    for i in range(start, stop):
        kind, data = make_input(seed, i)
        problem = check_sane(data)
        if problem is not None:
            raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
            failures.append((i, kind, raw, problem))
    return stop - start, failures


def _minimize(text: str, last: str) -> str:
    """A small input failing the same way (saved beside the input as .min.txt)."""
    from fuzzing.mangle import check_sane
    from fuzzing.minimize import minimize

    def same(candidate: str) -> bool:
        problem = check_sane(candidate)
        return problem is not None and problem.strip().splitlines()[-1] == last

    return minimize(text, same)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--count", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument(
        "--out",
        type=Path,
        default=ROOT / "test-artifacts" / "fuzz-failures",
        help="folder for reproducers (created only when something fails)",
    )
    ap.add_argument("--replay", type=Path, help="run one saved input and print the result")
    args = ap.parse_args(argv)

    if args.replay is not None:
        from fuzzing.mangle import check_sane

        data = args.replay.read_bytes()
        kind = args.replay.suffix
        problem = check_sane(data.decode("utf-8", "surrogatepass") if kind == ".txt" else data)
        print(problem or "ok")
        return 1 if problem else 0

    chunk = 500
    jobs = [(args.seed, s, min(s + chunk, args.count)) for s in range(0, args.count, chunk)]
    started = time.perf_counter()
    done = 0
    failures: list[tuple[int, str, bytes, str]] = []
    with Pool(max(1, args.jobs), initializer=_init) as pool:
        for n, fails in pool.imap_unordered(run_chunk, jobs):
            done += n
            failures.extend(fails)
            if done % 10_000 < chunk:
                print(
                    f"  {done:>7} inputs, {len(failures)} failures, "
                    f"{time.perf_counter() - started:.0f} s",
                    flush=True,
                )
    seconds = time.perf_counter() - started
    print(
        f"fuzzed {done} inputs in {seconds:.1f} s ({done / seconds:.0f}/s, "
        f"{args.jobs} jobs, seed {args.seed}): {len(failures)} failures"
    )
    if failures:
        args.out.mkdir(parents=True, exist_ok=True)
        for i, kind, raw, problem in sorted(failures):
            stem = args.out / f"{i:06d}"
            # text inputs are saved as UTF-8 .txt, byte inputs as .bin (replay reads them back)
            (stem.with_suffix(".txt" if kind in ("text", "soup") else ".bin")).write_bytes(raw)
            stem.with_suffix(".error").write_text(
                f"seed {args.seed} input {i} ({kind})\n{problem}", encoding="utf-8"
            )
            last = problem.strip().splitlines()[-1]
            if kind in ("text", "soup"):
                small = _minimize(raw.decode("utf-8", "surrogatepass"), last)
                stem.with_suffix(".min.txt").write_text(small, encoding="utf-8")
            print(f"FAIL input {i} ({kind}): {last}  -> {stem}.*")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
