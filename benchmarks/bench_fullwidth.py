"""What the reader's full-width folding costs: every corpus line through
``fold_line``, against reading the same text.

Run from the repo root: ``.venv/bin/python benchmarks/bench_fullwidth.py [CORPUS]``
(default: /work/shared/corpus). Figures: docs/toolkit.md.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from napkifu.notation import parse
from napkifu.notation.fullwidth import fold_line


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/corpus")
    lines: list[str] = []
    for path in sorted(root.rglob("*.nap")):
        lines += path.read_text(encoding="utf-8").split("\n")
    start = time.perf_counter()
    for line in lines:
        fold_line(line)
    fold = time.perf_counter() - start
    start = time.perf_counter()
    parse("\n".join(lines))
    read = time.perf_counter() - start
    print(f"{len(lines)} lines: fold {fold * 1000:.1f} ms ({fold / len(lines) * 1e9:.0f} ns/line), "
          f"parse {read:.2f} s: folding is {fold / read:.1%} of reading")  # fmt: skip


if __name__ == "__main__":
    main()
