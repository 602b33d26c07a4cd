"""Regenerate the judging snapshot (tests/test_replay_snapshot.py).

Run from the repo root: ``.venv/bin/python tests/snapshots/make_judge_snapshot.py``
(``--corpus`` also rebuilds the generated inputs). The snapshot pins every
diagnostic (and a digest of every judged value) of every record on disk and of a generated corpus (simulated games,
the same games with one injected fault, mangled text), so that a change to the
engine that is meant to be speed-only can be proven to change no diagnostic.
Regenerate only for a deliberate fix, and say in the change which records moved.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from napkifu.model import Span

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CORPUS = HERE / "judge-corpus.json"
SNAPSHOT = HERE / "judge-diagnostics.json"
DIRS = (ROOT / "tests/records", ROOT / "sample_records", ROOT / "tests/examples")


def record_files() -> dict[str, Path]:
    out = {}
    for d in DIRS:
        for p in sorted(d.rglob("*.nap")):
            out[f"{d.name}/{p.relative_to(d)}"] = p
    return out


def build_corpus() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "tests"))
    from fuzzing.mangle import corpus, mutate_text
    from fuzzing.mutators import MUTATORS
    from fuzzing.records import PRESETS, simulated

    import napkifu

    texts: dict[str, str] = {}
    for preset in PRESETS:
        for players in (4, 5, 6):
            clean = simulated(preset, players, 7, players == 5, rounds=2)
            texts[f"sim-{preset}-{players}"] = clean
            j = napkifu.loads(clean)
            for name, mutate in MUTATORS.items():
                fault = mutate(clean, j, random.Random(players))
                if fault is not None:
                    texts[f"sim-{preset}-{players}-{name}"] = fault.text
    clean = simulated("standard", 4, 0)
    texts["h8-disputed-leader"] = clean.replace("ハル: ♣2 ♣8 ♣5 ♣7", "ハル: ♣2 ♥2 ♣5 ♣7").replace(
        "ハル: ♥10 ♥2 ♥Q ♦7", "ハル: ♥10 ♣8 ♥Q ♦7"
    )
    texts["h8-leader-slip"] = clean.replace("  7 Kei: ♦K", "  7 太郎: ♦K")
    texts["h8-lost-trick"] = clean.replace("  5 ハル: ♣10 ♣9", "  5 ハル: ♣1O ♣9")
    from test_fuzz import FOUND

    texts.update({f"fuzz-{k}": v for k, v in FOUND.items()})
    base = corpus()
    for i in range(80):
        rng = random.Random(i)
        texts[f"mangled-{i}"] = mutate_text(rng.choice(base), rng, base)
    return texts


def diagnostics(data: str | bytes, file: str) -> list[list[object]]:
    """Every diagnostic, and last a digest of everything else the engine judged (every
    field of every judged game, round, trick and play, legal sets included)."""
    import napkifu

    j = napkifu.loads(data, file=file)
    digest = hashlib.sha256(repr(_plain(j.games)).encode("utf-8")).hexdigest()[:16]
    return [
        [
            d.span.line,
            d.span.column,
            d.span.end_line,
            d.span.end_column,
            d.code,
            d.severity.value,
            d.game,
            d.round,
            d.trick,
            d.message,
            d.message_ja,
        ]
        for d in j.diagnostics
    ] + [["judged", digest]]


def _plain(x: object) -> object:
    """Judged values as plain data (the parsed record and the rules left out: they
    are the input; a round's ``played`` too: the facts of its judged tricks again,
    held equal to them by tests/test_played_tricks.py)."""
    if isinstance(x, Span):
        return (x.line, x.column, x.end_line, x.end_column)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return {
            f.name: _plain(getattr(x, f.name))
            for f in dataclasses.fields(x)
            if f.name not in ("source", "rules", "diagnostics", "played")
        }
    if isinstance(x, Mapping):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, Sequence) and not isinstance(x, str):
        return [_plain(v) for v in x]
    return x


def snapshot(corpus: dict[str, str]) -> dict[str, list[list[object]]]:
    out = {name: diagnostics(p.read_bytes(), name) for name, p in record_files().items()}
    out.update({name: diagnostics(text, name) for name, text in corpus.items()})
    return out


if __name__ == "__main__":
    if "--corpus" in sys.argv or not CORPUS.exists():
        CORPUS.write_text(
            json.dumps(build_corpus(), ensure_ascii=False, indent=0) + "\n", encoding="utf-8"
        )
    corpus_texts = json.loads(CORPUS.read_text(encoding="utf-8"))
    SNAPSHOT.write_text(
        json.dumps(snapshot(corpus_texts), ensure_ascii=False, indent=0) + "\n", encoding="utf-8"
    )
    print(f"{len(corpus_texts)} generated inputs; snapshot in {SNAPSHOT.relative_to(ROOT)}")
