"""`napkifu explain [CODE]`: what a diagnostic code means, like ``ruff rule``.

Exit status: 0 when shown, 2 for an unknown code.
"""

from __future__ import annotations

import argparse
import sys

from napkifu.i18n import LANGS, default_lang


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "explain",
        help="say what a diagnostic code means, with a wrong and a right example",
        description="Explain a diagnostic code (NAP504): what it means, why, the rule "
        "option involved, and a wrong and a right record. Without a code: list every code.",
    )
    p.add_argument("code", nargs="?", metavar="CODE", help="a code such as NAP504 (or 504)")
    p.add_argument("--lang", choices=LANGS, default=None, help="language (default: locale)")


def run(args: argparse.Namespace) -> int:
    from napkifu.explain import WORDS, explain_text, explanations, list_text

    lang = args.lang or default_lang()
    if args.code is None:
        sys.stdout.write(list_text(lang))
        return 0
    code = args.code.strip().upper()
    if code.isdigit():
        code = "NAP" + code
    if code not in explanations():
        print(WORDS["unknown"](lang, code=args.code), file=sys.stderr)
        return 2
    sys.stdout.write(explain_text(code, lang))
    return 0
