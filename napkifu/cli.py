"""The ``napkifu`` command: argument parsing and wiring only.

Each subcommand lives in :mod:`napkifu.commands` as a module with ``register``
(adds its parser) and ``run`` (does the work, returns the exit status: 0 clean,
1 problems found, 2 usage error or unreadable input).
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS = ("check", "replay", "export", "stats", "fmt", "simulate", "clean", "analyze")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="napkifu",
        description="Read, check and replay records of Japanese Napoleon (ナポレオン).",
    )
    from napkifu import __version__
    from napkifu.compiled import status

    version = f"napkifu {__version__} (hot loop: {status()})"
    parser.add_argument("--version", action="version", version=version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = importlib.import_module(f"napkifu.commands.{name}")
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return 2
    module = importlib.import_module(f"napkifu.commands.{args.command}")
    try:
        return int(module.run(args))
    except KeyboardInterrupt:
        print("napkifu: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
