#!/usr/bin/env python3
"""The long command-level fuzz run (issue 31; see docs/reliability.md).

Feeds N mangled records (default 3,000) to check, replay and fmt in one process
with the oracle of tests/fuzzing/commands.py: an exit status and messages, never
an exception, an internal error, a raw control character or a half-written file.
Input i is built from ``random.Random(f"{seed}/{i}")``; a failing input is saved
to ``test-artifacts/fuzz-commands/`` with its error, to replay with --replay.

    .venv/bin/python scripts/fuzz_commands.py -n 3000 --seed 1
    .venv/bin/python scripts/fuzz_commands.py --replay test-artifacts/fuzz-commands/000123.bin
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from fuzzing.commands import command_failure, mutated_record  # noqa: E402
from fuzzing.mangle import corpus  # noqa: E402

OUT = ROOT / "test-artifacts" / "fuzz-commands"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=3000, help="inputs (default 3,000)")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--replay", type=Path, help="run one saved input again")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if args.replay:
            failure = command_failure(args.replay.read_bytes(), Path(folder))
            print(failure or "ok")
            return 1 if failure else 0
        records = list(corpus())
        failed = 0
        start = time.monotonic()
        for i in range(args.n):
            data = mutated_record(f"{args.seed}/{i}", records)
            failure = command_failure(data, Path(folder))
            if failure:
                failed += 1
                OUT.mkdir(parents=True, exist_ok=True)
                (OUT / f"{i:06d}.bin").write_bytes(data)
                (OUT / f"{i:06d}.txt").write_text(failure + "\n", encoding="utf-8")
                print(f"input {i}: {failure}", file=sys.stderr)
    seconds = time.monotonic() - start
    print(f"{args.n} inputs, {failed} failed, {seconds:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
