"""`napkifu new`: start a record: the game's header and an annotated first round.

A scorer who knows the game but not the notation gets a file that is already
valid (``napkifu check`` finds no error in it) and says, line by line and in the
scorer's language, what to write. The example round is a plausible one for the
chosen preset and players (the lowest bid, a win), to be overwritten.

Exit status: 0 written, 2 a usage error (too few players, an unknown preset, a
file that exists).
"""

from __future__ import annotations

import argparse
import datetime
import sys
import unicodedata
from pathlib import Path

from napkifu.i18n import LANGS, Lang, Text, default_lang
from napkifu.terminal import escape

SAY = {
    "head": Text(
        "# A Napoleon record (made by `napkifu new`). Check it with: napkifu check {file}",
        "# ナポレオンの記録（`napkifu new` で作成）。確認: napkifu check {file}",
    ),
    "round": Text(
        "# Round 1 is an example: write over it what happened at the table.",
        "# ラウンド 1 は例です。実際の内容に書き換えてください。",
    ),
    "dealer": Text("who dealt", "配った人"),
    "bids": Text("the auction in seat order; pass, P or -", "競り（席順。パスは pass、P、-）"),
    "napoleon": Text("Napoleon and the winning bid", "ナポレオンと勝ったビッド"),
    "call": Text("the called card (the adjutant's card)", "副官指定カード"),
    "adjutant": Text("who held it; none if Napoleon was alone", "持っていた人（独り立ちなら none）"),
    "tricks": Text(
        "# tricks: number, leader, then each card in the order played, e.g.",
        "# トリック: 番号、リードした人、出された順のカード。例:",
    ),
    "result": Text("honors taken by Napoleon's side", "ナポレオン軍が取った絵札の枚数"),
    "fill": Text(
        "# score and total lines: `napkifu fill {file}` writes them",
        "# score 行と total 行は `napkifu fill {file}` で書き込めます",
    ),
    "next": Text(
        "# Next rounds: round 2, round 3 … with the same lines.",
        "# 次のラウンドも round 2、round 3 … と同じ形で書きます。",
    ),
    "ask_players": Text("Players in seat order (3 to 6, spaces between): ", "プレイヤー（席順、3〜6 人、空白区切り）: "),
    "ask_preset": Text("Rules preset [standard]: ", "ルールのプリセット [standard]: "),
    "ask_place": Text("Place (optional): ", "場所（省略可）: "),
    "ask_kind": Text("Score sheet only, or full play? [sheet/play]: ", "得点表のみ、またはプレイ全体？ [sheet/play]: "),
    "players": Text("napkifu new: give 3 to 6 players (--players)", "napkifu new: プレイヤーを 3〜6 人指定してください（--players）"),
    "preset": Text("napkifu new: no preset {preset!r} ({known})",
                   "napkifu new: {preset!r} というプリセットはありません（{known}）"),
    "exists": Text("napkifu new: {file} exists; not overwritten", "napkifu new: {file} はすでにあります。上書きしません"),
    "written": Text("wrote {file}; next: napkifu check {file}", "{file} を作成しました。次に: napkifu check {file}"),
    "unwritable": Text("napkifu new: cannot write {file}: {why}", "napkifu new: {file} を書き込めません: {why}"),
}  # fmt: skip


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "new",
        help="start a new record (header and an annotated first round)",
        description="Write a new .nap record: the game's header and an annotated first "
        "round to fill in, in your language. Asks for what is not given when run on a "
        "terminal.",
    )
    p.add_argument("file", nargs="?", metavar="FILE", help="the file to create (default: print)")
    p.add_argument(
        "--players", nargs="+", metavar="NAME",
        help="players in seat order (3 to 6); a last name ending in .nap is the FILE",
    )  # fmt: skip
    p.add_argument("--preset", default=None, help="rules preset: standard, webgame, bga, classic")
    p.add_argument("--date", default=None, help="date of play (default: today)")
    p.add_argument("--place", default=None, help="where the game was played")
    p.add_argument("--title", default=None, help="the game's title")
    kind = p.add_mutually_exclusive_group()
    kind.add_argument("--sheet", action="store_true", help="a score sheet: no tricks (default)")
    kind.add_argument("--play", action="store_true", help="full play: bids and tricks")
    p.add_argument("--lang", choices=LANGS, default=None, help="language of the notes")


def _note(text: str, note: str, width: int = 30) -> str:
    """``text`` and its note, the notes aligned by display width (kana take two cells)."""
    cells = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return f"  {text}{' ' * (width - cells)}# {note}" if cells < width else f"  {text}  # {note}"


def template(
    players: list[str],
    preset: str,
    lang: Lang,
    *,
    date: str,
    place: str | None = None,
    title: str | None = None,
    play: bool = False,
    file: str = "FILE.nap",
) -> str:
    """The text of a new record (valid: ``check`` finds no error in it)."""
    from napkifu.notation.writer import name_text, quote
    from napkifu.rules.build import build_rules

    rules = build_rules(preset, players=len(players))
    names = [name_text(p) for p in players]
    napoleon, adjutant, dealer = names[0], names[1], names[-1]
    bid = f"{rules.min_bid}♠"
    lines = [SAY["head"](lang, file=file)]
    if title:
        lines.append(f"game {quote(title)}")
    lines.append(f"date {date}")
    if place:
        lines.append(f"place {quote(place)}")
    lines += [f"players {' '.join(names)}", f"rules {preset}", "", SAY["round"](lang), "round 1"]
    lines.append(_note(f"dealer {dealer}", SAY["dealer"](lang)))
    if play:
        passes = " ".join(f"{n}:pass" for n in names[1:])
        lines.append(_note(f"bids {napoleon}:{bid} {passes}", SAY["bids"](lang)))
    lines.append(_note(f"napoleon {napoleon} {bid}", SAY["napoleon"](lang)))
    if len(players) > 3:  # three players: no adjutant, nothing called
        lines.append(_note("call ♠A", SAY["call"](lang)))
        lines.append(_note(f"adjutant {adjutant}", SAY["adjutant"](lang)))
    if play:
        cards = " ".join(["♠3", "♠5", "♠K", "♠2", "♠4", "♠6"][: len(players)])
        lines += ["  " + SAY["tricks"](lang), f"  # 1 {napoleon}: {cards}"]
    lines.append(_note(f"result {rules.min_bid}", SAY["result"](lang)))
    lines += ["  " + SAY["fill"](lang, file=file), "", SAY["next"](lang)]
    return "\n".join(lines) + "\n"


def _ask(args: argparse.Namespace, lang: Lang) -> None:
    """Fill in what was not given, from answers on a terminal."""
    if args.players is None:
        args.players = input(SAY["ask_players"](lang)).split()
        args.preset = args.preset or input(SAY["ask_preset"](lang)).strip() or None
        args.place = args.place or input(SAY["ask_place"](lang)).strip() or None
        if not (args.sheet or args.play):
            args.play = input(SAY["ask_kind"](lang)).strip().lower().startswith("p")


def run(args: argparse.Namespace) -> int:
    from napkifu.rules.presets import PRESETS

    lang: Lang = args.lang or default_lang()
    if args.players is None and sys.stdin.isatty():
        _ask(args, lang)
    players = args.players or []
    if args.file is None and players and players[-1].lower().endswith(".nap"):
        args.file = players.pop()  # `--players A B C game.nap`: argparse gave FILE to the names
    if not 3 <= len(players) <= 6 or len(set(players)) != len(players):
        print(SAY["players"](lang), file=sys.stderr)
        return 2
    preset = args.preset or "standard"
    if preset not in PRESETS:
        known = ("、" if lang == "ja" else ", ").join(PRESETS)
        print(SAY["preset"](lang, preset=preset, known=known), file=sys.stderr)
        return 2
    date = args.date or datetime.date.today().isoformat()
    name = Path(args.file).name if args.file else "FILE.nap"
    text = template(
        players, preset, lang, date=date, place=args.place, title=args.title,
        play=args.play, file=name,
    )  # fmt: skip
    if args.file is None:
        sys.stdout.write(text)
        return 0
    return _create(args.file, text, lang)


def _create(file: str, text: str, lang: Lang) -> int:
    """Write a file that did not exist: created exclusively (``O_EXCL``), so an
    existing file, a FIFO or a symbolic link — dangling or not — is never written
    through; a write that fails is one line (exit 2) and leaves no half file."""
    try:
        out = open(file, "x", encoding="utf-8")  # noqa: SIM115 (removed below on failure)
    except FileExistsError:
        print(escape(SAY["exists"](lang, file=file)), file=sys.stderr)
        return 2
    except OSError as exc:
        print(escape(SAY["unwritable"](lang, file=file, why=exc.strerror or exc)), file=sys.stderr)
        return 2
    try:
        with out:
            out.write(text)
    except OSError as exc:  # a full disk
        Path(file).unlink(missing_ok=True)
        print(escape(SAY["unwritable"](lang, file=file, why=exc.strerror or exc)), file=sys.stderr)
        return 2
    print(escape(SAY["written"](lang, file=file)), file=sys.stderr)
    return 0
