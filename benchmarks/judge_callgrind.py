"""`check`'s judging alone on a corpus, for callgrind: deterministic instruction counts.

    env -u PYTHONDONTWRITEBYTECODE PYTHONHASHSEED=0 valgrind --tool=callgrind \\
        --collect-atstart=no --toggle-collect=functools_reduce \\
        .venv/bin/python benchmarks/judge_callgrind.py [CORPUS]

Every record of CORPUS (default: /work/shared/corpus/varied) is read first, outside
the count; then each is judged once as ``check`` judges it (no judged tricks, no
facts, the collector as ``check`` sets it, every cache empty as in a fresh process)
inside one ``functools.reduce``, the C function callgrind is told to count in: the
total is judging's instructions alone, which a whole ``check`` run mixes with reading
and start-up. Run it once without valgrind first, so the changed modules' bytecode is
written outside the count.
"""

from __future__ import annotations

import functools
import gc
import sys
from pathlib import Path

from napkifu.model import Record
from napkifu.notation import decode
from napkifu.notation.reader import iter_parse
from napkifu.notation.stream import text_lines
from napkifu.replay import judge


def records(corpus: Path) -> list[tuple[str, Record]]:
    out = []
    for path in sorted(corpus.rglob("*.nap")):
        text, _ = decode(path.read_bytes(), file=str(path))
        for record, _diags in iter_parse(text_lines(text or ""), str(path), None):
            out.append((str(path), record))
    return out


def judged(count: int, item: tuple[str, Record]) -> int:
    file, record = item
    judge(record, file=file, detail=False, noted=set(), facts=False)
    return count + 1


def main() -> None:
    corpus = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/corpus/varied")
    items = records(corpus)
    gc.freeze()  # (as `check` does: the start-up's objects set aside, gen-0 at 20,000)
    gc.set_threshold(20_000)
    print(functools.reduce(judged, items, 0), "records judged")


if __name__ == "__main__":
    main()
