"""Step mode: page through a round trick by trick from the keyboard.

The key loop reads characters from an injectable ``read`` function (one
character per call, ``""`` at the end), so tests drive it with a scripted
string and the terminal drives it in cbreak mode. Pages are: the round's deal
and auction, each trick, then the result; several selected rounds follow one
another.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, TextIO

from rich.console import Console
from rich.text import Text as RichText

from napkifu.i18n import Lang, Text
from napkifu.views.replay_text import print_lines, render_header, render_result, render_trick

Json = dict[str, Any]
Action = Literal["next", "prev", "first", "last", "quit", "jump"]

HELP = Text(
    "n/→ next · p/← previous · number+Enter jump to a trick (0: the deal) · q quit",
    "n/→ 次 ・ p/← 前 ・ 数字+Enter でトリックへ（0: 配札） ・ q 終了",
)
WHERE = Text(
    "Game {g}, round {r} · {page}  [{i}/{n}]", "ゲーム {g}、ラウンド {r} ・ {page}  [{i}/{n}]"
)
DEAL = Text("deal and auction", "配札とビッド")
TRICK = Text("trick {t}", "トリック {t}")
RESULT = Text("result", "結果")

_NEXT = {"n", " ", "j", "l", "\x1b[C", "\x1b[B", "\x1bOC", "\x1bOB"}
_PREV = {"p", "b", "k", "h", "\x1b[D", "\x1b[A", "\x1bOD", "\x1bOA"}


@dataclass(frozen=True, slots=True)
class Command:
    action: Action
    number: int = 0


def commands(read: Callable[[], str]) -> Iterator[Command]:
    """Turn keystrokes into commands: single keys act at once, digits wait for
    Enter; arrow keys arrive as escape sequences. End of input quits."""
    digits = ""
    while True:
        ch = read()
        if ch in ("", "q", "Q", "\x03", "\x04"):
            yield Command("quit")
            return
        if ch == "\x1b":
            ch += read()
            if ch[-1:] in ("[", "O"):
                ch += read()
        if ch.isdigit():
            digits += ch
            continue
        if ch in ("\n", "\r"):
            yield Command("jump", int(digits)) if digits else Command("next")
        elif ch in ("\x7f", "\b"):
            digits = digits[:-1]
            continue
        elif ch in _NEXT:
            yield Command("next")
        elif ch in _PREV:
            yield Command("prev")
        elif ch == "g":
            yield Command("first")
        elif ch == "G":
            yield Command("last")
        digits = ""


@dataclass(frozen=True, slots=True)
class Page:
    round: Json
    kind: Literal["deal", "trick", "result"]
    trick: Json | None = None


def pages(rounds: list[Json]) -> list[Page]:
    out: list[Page] = []
    for r in rounds:
        out.append(Page(r, "deal"))
        out.extend(Page(r, "trick", t) for t in r["tricks"])
        if r["kind"] != "redeal":
            out.append(Page(r, "result"))
    return out


def render_page(page: Page, lang: Lang) -> list[RichText]:
    data = page.round
    if page.kind == "deal":
        return render_header(data, lang)
    if page.kind == "result":
        return render_result(data, lang)
    assert page.trick is not None
    return render_trick(data, page.trick, lang)


def _label(page: Page, lang: Lang) -> str:
    if page.kind == "trick" and page.trick is not None:
        return TRICK(lang, t=page.trick["number"])
    return (DEAL if page.kind == "deal" else RESULT)(lang)


def _jump(book: list[Page], at: int, number: int) -> int:
    """The page of trick ``number`` in the current round (0: its deal page)."""
    current = book[at].round
    for i, p in enumerate(book):
        if p.round is not current:
            continue
        if (number == 0 and p.kind == "deal") or (
            p.kind == "trick" and p.trick is not None and p.trick["number"] == number
        ):
            return i
    return at


def run(
    rounds: list[Json],
    console: Console,
    read: Callable[[], str],
    lang: Lang = "en",
    start_trick: int | None = None,
) -> int:
    """Show one page at a time until quit; returns how many pages were shown."""
    book = pages(rounds)
    if not book:
        return 0
    at = _jump(book, 0, start_trick) if start_trick is not None else 0
    shown = 0
    keys = commands(read)
    while True:
        page = book[at]
        console.clear()
        contract = page.round["contract"]
        where = WHERE(
            lang,
            g=page.round["game"],
            r=page.round["round"],
            page=_label(page, lang),
            i=at + 1,
            n=len(book),
        )
        if contract and page.kind != "deal":
            where += f" · {contract['text']}"
        print_lines(console, [RichText(where, style="reverse"), *render_page(page, lang)])
        console.print(RichText(HELP(lang), style="dim"), soft_wrap=True, highlight=False)
        shown += 1
        cmd = next(keys)
        if cmd.action == "quit":
            return shown
        if cmd.action == "next":
            at = min(at + 1, len(book) - 1)
        elif cmd.action == "prev":
            at = max(at - 1, 0)
        elif cmd.action == "first":
            at = 0
        elif cmd.action == "last":
            at = len(book) - 1
        else:
            at = _jump(book, at, cmd.number)


def is_interactive(stdin: TextIO, stdout: TextIO) -> bool:
    """Step mode needs a keyboard and a screen; anything else prints it all."""
    try:
        return stdin.isatty() and stdout.isatty()
    except (AttributeError, ValueError):
        return False


@contextlib.contextmanager
def cbreak(stdin: TextIO) -> Iterator[Callable[[], str]]:
    """Keys one at a time, without echo, from a terminal (POSIX); elsewhere the
    line-buffered stream still works, a line at a time."""
    try:
        import termios
        import tty

        fd = stdin.fileno()
        saved = termios.tcgetattr(fd)
    except (ImportError, OSError, ValueError, AttributeError):
        yield lambda: stdin.read(1)
        return
    try:
        tty.setcbreak(fd)
        yield lambda: stdin.read(1)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def run_terminal(rounds: list[Json], lang: Lang, start_trick: int | None = None) -> int:
    console = Console(highlight=False)
    with cbreak(sys.stdin) as read:
        return run(rounds, console, read, lang, start_trick)
