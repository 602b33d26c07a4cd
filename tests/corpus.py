"""The records on disk that many tests read, and a span-aware view of a model.

Every test that means "all our records" reads the same list: napkifu's own
(tests/records), the demo season (sample_records), the shared checked
examples and fault cases (tests/examples, with their .expect.json) and the
record behind the replay text snapshot (tests/snapshots)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "tests" / "examples"
RECORDS = sorted(
    [
        *(ROOT / "tests" / "records").rglob("*.nap"),
        *(ROOT / "sample_records").glob("*.nap"),
        *EXAMPLES.rglob("*.nap"),
        *(ROOT / "tests" / "snapshots").glob("*.nap"),
    ]
)


_PUBLIC = {"_at": "span"}


def deep(obj: Any) -> Any:
    """A model object as nested tuples, spans included (they are left out of ==;
    a span the reader keeps as plain ints until asked, ``_at``, is read as the span)."""
    if dataclasses.is_dataclass(obj):
        return (
            type(obj).__name__,
            *(deep(getattr(obj, _PUBLIC.get(f.name, f.name))) for f in dataclasses.fields(obj)),
        )
    if isinstance(obj, tuple | list):
        return tuple(deep(x) for x in obj)
    return obj
