"""The ``napkifu`` command: argument parsing and wiring only.

Each subcommand lives in :mod:`napkifu.commands` as a module with ``register``
(adds its parser) and ``run`` (does the work, returns the exit status: 0 clean,
1 problems found, 2 usage error or unreadable input).
"""

from __future__ import annotations

import argparse
import importlib
import sys

from napkifu.i18n import Text, default_lang

COMMANDS: tuple[str, ...] = ("check", "replay", "export", "stats", "fmt", "simulate", "clean")
COMMANDS += ("new", "fill", "explain")  # the scorer's toolkit
COMMANDS += ("analyze",)  # the analysis engine (double-dummy)


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser: with every command, or only the one ``argv`` names
    (each command's module is imported to register it, and a run needs just its own:
    ``check`` then starts without the solver, the simulator or the exporters)."""
    parser = argparse.ArgumentParser(
        prog="napkifu",
        description="Read, check and replay records of Japanese Napoleon (ナポレオン).",
    )
    from napkifu import __version__

    parser.add_argument("--version", action="version", version=f"napkifu {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    args = sys.argv[1:] if argv is None else argv
    for name in args[:1] if args[:1] and args[0] in COMMANDS else COMMANDS:
        module = importlib.import_module(f"napkifu.commands.{name}")
        module.register(sub)
    return parser


STOPPED = {
    "interrupted": Text("interrupted", "中断しました"),
    "signal": Text("stopped by {name}", "{name} で停止しました"),
}


def main(argv: list[str] | None = None) -> int:
    from napkifu.terminal import usable_streams

    usable_streams()
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return 2
    module = importlib.import_module(f"napkifu.commands.{args.command}")
    from napkifu.stopping import Stopped, stop_signals_raise

    try:
        with stop_signals_raise():
            return int(module.run(args))
    except KeyboardInterrupt:
        print(f"napkifu: {STOPPED['interrupted'](default_lang())}", file=sys.stderr)
        return 130
    except Stopped as stop:  # SIGTERM, SIGHUP: cleaned up on the way out
        print(f"napkifu: {STOPPED['signal'](default_lang(), name=stop.name)}", file=sys.stderr)
        return 128 + stop.signum
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
