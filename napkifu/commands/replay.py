"""`napkifu replay` (being built)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    sub.add_parser("replay", help="(not yet available)")


def run(args: argparse.Namespace) -> int:
    print("napkifu replay: not yet available")
    return 2
