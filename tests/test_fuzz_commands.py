"""Every command survives mangled records (issue 31): a bounded run for CI — a few
seconds of Hypothesis examples, valid records mutated at the byte and text level —
through check, replay and fmt in this process (the oracle:
tests/fuzzing/commands.py). The long run is ``scripts/fuzz_commands.py``
(docs/reliability.md)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from fuzzing.commands import command_failure
from fuzzing.strategies import mutated_bytes, mutated_texts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

BOUNDED = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@BOUNDED
@given(
    st.one_of(mutated_bytes(), mutated_texts().map(lambda t: t.encode("utf-8", "surrogatepass")))
)
def test_commands_never_crash_on_mangled_records(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        assert command_failure(data, Path(folder)) is None


HOSTILE = {
    "escape-in-name": b'players "A\x1b]0;x\x07" B C D\nround 1\ndealer B\nbids 13S pass pass pass\n',
    "huge-number": b"players A B C D\nround 1" + b"9" * 5000 + b"\n",
    "bidi-in-comment": "players A B C D\n# \u202eevil\nround 1\n".encode(),
    "nul-and-bel": b"players A B\x00 C D\x07\nround 1\n",
}


def test_hostile_records_the_review_found(tmp_path: Path) -> None:
    for name, data in HOSTILE.items():
        assert command_failure(data, tmp_path) is None, name
