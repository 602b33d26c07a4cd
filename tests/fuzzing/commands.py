"""The oracle of the command-level fuzz run (issue 31): every command, fed any bytes
as a record, ends with an exit status (0, 1 or 2) and its own messages — never an
exception, never an internal error (NAP900), never a raw control character on a
terminal's way — and ``fmt`` either rewrites the file to exactly what ``fmt
--stdout`` prints, which a second ``fmt`` leaves as it is, or leaves it byte for
byte as it was.

Shared by the bounded Hypothesis test (tests/test_fuzz_commands.py) and the long
run (scripts/fuzz_commands.py), which replays a failure from its seed.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from pathlib import Path

from fuzzing.mangle import mutate_bytes, mutate_text

_RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f\u202e]")  # (\t and \n are the layout's own)


def _run(argv: list[str]) -> tuple[int, str, str] | str:
    """(status, stdout, stderr) of ``napkifu ARGV`` in this process, or what went wrong."""
    from napkifu.cli import main

    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    except SystemExit as exc:
        return f"{argv[0]}: SystemExit({exc.code}): {err.getvalue()[-300:]}"
    except BaseException as exc:  # what the fuzzer is looking for
        return f"{argv[0]}: {type(exc).__name__}: {exc}"
    if status not in (0, 1, 2):
        return f"{argv[0]}: exit status {status}"
    return status, out.getvalue(), err.getvalue()


def command_failure(data: bytes, folder: Path) -> str | None:
    """None when every command behaves on ``data``; else what did not."""
    record = folder / "fuzz.nap"
    record.write_bytes(data)
    path = str(record)
    texts = []
    for argv in (
        ["check", "--no-cache", "--color", "never", path],
        ["check", "--no-cache", "--format", "json", path],
        ["replay", path],
        ["replay", "--format", "json", path],
        ["fmt", "--stdout", path],
    ):
        got = _run(argv)
        if isinstance(got, str):
            return got
        status, out, err = got
        if "NAP900" in out + err:
            return f"{argv[0]}: internal error: {(out + err)[:300]}"
        if "--format" in argv and status != 2:
            try:
                json.loads(out)
            except ValueError as exc:
                return f"{argv[0]} --format json: not JSON: {exc}"
        elif argv[0] != "fmt":
            texts.append((argv[0], out + err))
        else:
            texts.append(("fmt", err))
            formatted = out if status == 0 else None
    for name, text in texts:
        raw = _RAW.search(text)
        if raw:
            return f"{name}: raw control character {raw.group()!r} in its output"
    got = _run(["fmt", path])
    if isinstance(got, str):
        return got
    after = record.read_bytes()
    if formatted is None and after != data:
        return "fmt: changed a file it refused to format"
    if formatted is not None and after.decode("utf-8") != formatted:
        return "fmt: the file is not what fmt --stdout printed"
    if formatted is not None:
        again = _run(["fmt", "--check", path])
        if isinstance(again, str) or again[0] != 0:
            return "fmt: not idempotent (fmt --check after fmt wants changes)"
    return None


def mutated_record(seed: str, corpus: list[str]) -> bytes:
    """Input ``seed`` of the long run: a corpus record mangled as text or as bytes."""
    rng = random.Random(seed)
    text = rng.choice(corpus)
    if rng.random() < 0.5:
        return mutate_text(text, rng, corpus).encode("utf-8", "surrogatepass")
    return mutate_bytes(text.encode("utf-8"), rng)
