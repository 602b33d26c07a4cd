"""The replay in the terminal: a round as lines of rich text, trick by trick.

It renders the replay data (:mod:`napkifu.views.replay_data`), never a judged
round directly, so the terminal, the step mode and the dashboard show the same
facts. Lines are built as :class:`rich.text.Text` with ♥♦ in red; on a console
that is not a terminal rich drops the styles, which is what the plain-text
snapshot tests read.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text as RichText

from napkifu.cards import JOKER, Suit, cards_text
from napkifu.i18n import Lang, solver_reason, word
from napkifu.views.replay_words import T

Json = dict[str, Any]

RED = "red"
HIDDEN = "dim italic"


def _red(suit: str | None) -> bool:
    return suit in ("H", "D")


def card(c: Json) -> RichText:
    return RichText(c["text"], style=RED if _red(c["suit"]) else "")


def hand(ids: list[int]) -> RichText:
    """A hand grouped by suit as ``fmt`` writes it, each red group in red."""
    out = RichText()
    for s in Suit:
        group = [i for i in ids if i < JOKER and i // 13 == s]
        if group:
            out.append(" " if out else "")
            out.append(cards_text(group), style=RED if s.is_red else "")
    rest = [i for i in ids if i >= JOKER]
    if rest:
        out.append((" " if out else "") + cards_text(rest))
    return out


def _suit_text(letter: str | None) -> RichText:
    if letter is None:
        return RichText("")
    s = {x.letter: x for x in Suit}[letter]
    return RichText(s.symbol, style=RED if s.is_red else "")


def _bid(text: str) -> RichText:
    return RichText(text, style=RED if text[-1:] in "♥♦" and text != "pass" else "")


def _pad(s: str, width: int) -> str:
    return s + " " * max(0, width - cell_len(s))


def _join(parts: list[RichText], sep: str = " · ") -> RichText:
    out = RichText()
    for i, p in enumerate(parts):
        if i:
            out.append(sep)
        out.append(p)
    return out


def _line(*parts: str | RichText) -> RichText:
    out = RichText()
    for p in parts:
        out.append(p)
    return out


def _side(side: str | None, lang: Lang) -> str:
    if side == "napoleon":
        return word("napoleon_side", lang)
    if side == "allies":
        return word("allies", lang)
    return "?"


def _diagnostics(diags: list[Json], lang: Lang, indent: str = "  ") -> list[RichText]:
    out = []
    for d in diags:
        msg = d["message_ja"] if lang == "ja" and d.get("message_ja") else d["message"]
        style = {"error": "bold red", "warning": "yellow"}.get(d["severity"], "cyan")
        mark = "·" if d["severity"] == "note" else "✗"  # a note is no fault
        where = T["line"](lang, n=d["line"])
        out.append(
            _line(
                indent,
                RichText(f"{mark} {d['code']} {d['severity']}", style=style),
                f" ({where}): {msg}",
            )
        )
    return out


def render_header(data: Json, lang: Lang = "en") -> list[RichText]:
    """Seats, auction, contract, adjutant, widow and discards, the dealt hands."""
    title = f' "{data["title"]}"' if data["title"] else ""
    sep = " " if lang == "ja" else ", "
    head = f"{T['game'](lang, n=data['game'])}{title}{sep}{T['round'](lang, n=data['round'])}"
    lines = [RichText(f"{head} ({data['preset']})", style="bold")]
    seats = RichText(f"{T['seats'](lang)}: " + "  ".join(data["players"]))
    if data["dealer"]:
        seats.append(" · " + T["dealer"](lang, p=data["dealer"]))
    lines.append(seats)
    if data["auction"]:
        bids = [
            _line(
                f"{b['player']} " if b["player"] else "",
                _bid(word("pass", lang) if b["pass"] else b["text"]),
            )
            for b in data["auction"]
        ]
        lines.append(_line(f"{T['auction'](lang)}: ", _join(bids, ", ")))
    if data["kind"] == "redeal":
        lines.append(RichText(T["redeal"](lang)))
        return lines + _diagnostics(_round_diagnostics(data)[0], lang)
    contract = data["contract"]
    if contract:
        line = _line(f"{T['contract'](lang)}: {contract['napoleon']} ", _bid(contract["bid_text"]))
        if contract["called"]:
            line.append(", ")
            line.append(_line(T["called"](lang, c=""), card(contract["called"])))
        lines.append(line)
    lines.append(_line(f"{T['adjutant'](lang)}: ", _adjutant(data, lang)))
    extras = []
    if data["widow"]:
        extras.append(_line(f"{T['widow'](lang)}: ", hand([c["id"] for c in data["widow"]])))
    if data["discards"]:
        ids = [c["id"] for c in data["discards"]]
        extras.append(_line(f"{T['discards'](lang)}: ", hand(ids)))
    if extras:
        lines.append(_join(extras))
    if data["hands"]:
        lines.append(RichText(f"{T['hands'](lang)}:"))
        width = max(cell_len(p) for p in data["hands"])
        for p, h in data["hands"].items():
            lines.append(_line("  ", _pad(p, width), "  ", hand(h["cards"])))
    if data["kind"] == "score-sheet":
        lines.append(RichText(T["score_sheet"](lang)))
    return lines + _diagnostics(_round_diagnostics(data)[0], lang)


def _round_diagnostics(data: Json) -> tuple[list[Json], list[Json]]:
    """The round's problems not tied to a trick: those about the lines before
    the play (shown under the header), and those after it (under the result)."""
    first = next((t["line"] for t in data["tricks"] if t["line"]), None)
    if first is None:
        return list(data["diagnostics"]), []
    before = [d for d in data["diagnostics"] if d["line"] < first]
    return before, [d for d in data["diagnostics"] if d["line"] >= first]


def _adjutant(data: Json, lang: Lang) -> RichText:
    adj, contract = data["adjutant"], data["contract"]
    if adj["alone"]:
        alone = T["alone"](lang, p=contract["napoleon"] if contract else "?")
        if not data["tricks"] or not (contract and contract["called"]):
            return RichText(alone)
        if adj["revealed_at"] is None:
            return RichText(T["never_revealed"](lang, p=alone), style=HIDDEN)
        key = "revealed_later" if adj["revealed_at"] > 1 else "revealed"
        return RichText(T[key](lang, p=alone, t=adj["revealed_at"]))
    if not adj["player"]:
        return RichText(T["adj_unknown"](lang))
    if not data["tricks"]:
        return RichText(adj["player"])
    if adj["revealed_at"] is None:
        return RichText(T["never_revealed"](lang, p=adj["player"]), style=HIDDEN)
    key = "revealed_later" if adj["revealed_at"] > 1 else "revealed"
    return RichText(T[key](lang, p=adj["player"], t=adj["revealed_at"]))


def render_trick(data: Json, t: Json, lang: Lang = "en") -> list[RichText]:
    """One trick: each card with its player and class, the hand it came from and
    the legal cards; the winner and why; honors and the running count."""
    lead = T["lead_suit"](lang, s="") if t["lead_suit"] else T["no_lead_suit"](lang)
    head = _line(
        RichText(T["trick"](lang, n=t["number"]), style="bold"),
        " · ",
        T["leads"](lang, p=t["leader"]),
        " · ",
        lead,
        _suit_text(t["lead_suit"]),
    )
    if t["joker_request"]:
        head.append(" · " + T["joker_request"](lang))
    lines = [head]
    width = max(cell_len(p["player"]) for p in t["plays"])
    holdings, legal = t["holdings_before"], t["legal"]
    cls_width = _class_width(data, lang)
    for p in t["plays"]:
        c = card(p["card"])
        if p["joker_suit"]:
            c.append(">")
            c.append(_suit_text(p["joker_suit"]))
        if p["annotation"]:
            c.append(p["annotation"])
        row = _line("  ", _pad(p["player"], width), "  ", c, " " * max(1, 7 - c.cell_len))
        cls = word(p["class"], lang) if p["class"] else "-"
        row.append(
            _pad(("◀ " if p["wins"] else "  ") + cls, cls_width), style="bold" if p["wins"] else ""
        )
        if holdings and p["player"] in holdings:
            held = holdings[p["player"]]["cards"]
            total = data.get("tricks_total")
            unknown = total - t["number"] + 1 - len(held) if total else 0
            row.append(f"{T['hand' if unknown <= 0 else 'known'](lang)} ")
            row.append(hand(held))
            ok = legal.get(p["player"]) if legal else None
            if unknown > 0:
                row.append(" " + T["unknown"](lang, n=unknown), style=HIDDEN)
            elif ok is not None:
                row.append(f"  {T['legal'](lang)}: ")
                row.append(T["any"](lang) if ok["cards"] == held else hand(ok["cards"]))
        if p.get("analysis"):
            row.append_text(_cost(p["analysis"], lang))
        lines.append(row)
        if p["reveals_adjutant"]:
            reveal = T["reveal_alone" if data["adjutant"]["alone"] else "reveal"]
            lines.append(
                RichText(
                    "  ★ " + reveal(lang, p=p["player"], c=p["card"]["text"]),
                    style="bold magenta",
                )
            )
    why = t["reason_ja"] if lang == "ja" else t["reason"]
    win = _line("  → ", RichText(T["wins"](lang, p=t["winner"], why=why), style="bold"))
    if t["winner_side"]:
        side = _side(t["winner_side"], lang)
        if t["adjutant_public"]:
            win.append(f" · {side}")
        else:
            win.append(" · " + T["side_hidden"](lang, side=side), style=HIDDEN)
    lines.append(win)
    honors = _line("  ", _honors(t, lang))
    if t["honors_napoleon_after"] is not None and t["honors_allies_after"] is not None:
        need_n = data["result"]["needed_napoleon"]
        need_a = data["result"]["needed_allies"]
        running = T["running"](
            lang,
            n=t["honors_napoleon_after"],
            a=t["honors_allies_after"],
            need_n=need_n if need_n is not None else "?",
            need_a=need_a if need_a is not None else "?",
        )
        honors.append(" → " + running, style="" if t["adjutant_public"] else HIDDEN)
    lines.append(honors)
    if t["reversed_after"]:
        lines.append(RichText("  ↺ " + T["reversed"](lang)))
    return lines + _diagnostics(t["diagnostics"], lang, "  ")


def _cost(a: Json, lang: Lang) -> RichText:
    """A card's double-dummy cost (``replay --analyse``): dim when it kept the value."""
    if not a["cost"]:
        return RichText("  " + T["cost"](lang, cost=0), style="dim")
    text = T["cost_best"](lang, cost=a["cost"], alt=a["alternative"] or "?")
    return RichText(f"  {a['mark']} {text}", style="bold red" if a["mark"] == "??" else "yellow")


def _par(a: Json, lang: Lang) -> RichText:
    """The round's double-dummy par, or why it was not analysed."""
    if "error" in a:
        return RichText(
            T["not_analysed"](lang, why=solver_reason(a["error"], lang)), style="yellow"
        )
    made = T["made" if a["made"] else "failed"](lang)
    par = T["par"](lang, t=a["from_trick"], par=a["par"], made=made, bid=a["bid"])
    return RichText(par, style="bold")


def _class_width(data: Json, lang: Lang) -> int:
    """One column width for the ladder classes of the whole round, so the hands
    line up from trick to trick."""
    names = {p["class"] for t in data["tricks"] for p in t["plays"] if p["class"]}
    return max([cell_len(word(n, lang)) + 3 for n in names] + [16])


def _honors(t: Json, lang: Lang) -> RichText:
    if not t["honors"]:
        return RichText(T["no_honors"](lang))
    cards = _join([card(c) for c in t["honors"]], " ")
    return _line(T["honors"](lang, cards=""), cards)


def render_result(data: Json, lang: Lang = "en") -> list[RichText]:
    """The result, win or loss, and the scores (the rules', then as written),
    with the problems found in the lines after the play."""
    res = data["result"]
    lines = _result(data, res, lang)
    return lines + _diagnostics(_round_diagnostics(data)[1], lang)


def _result(data: Json, res: Json, lang: Lang) -> list[RichText]:
    lines: list[RichText] = []
    if data["claim"]:
        lines.append(RichText(T["claim"](lang, side=_side(data["claim"], lang))))
    if res["honors_napoleon"] is not None:
        if res["win"] is None:
            outcome = "?"
        else:
            outcome = T["napoleon_wins" if res["win"] else "napoleon_loses"](lang)
        if res["twenty"]:
            outcome += f" ({T['twenty'](lang)})"
        text = T["result_line"](
            lang,
            n=res["honors_napoleon"],
            bid=res["needed_napoleon"],
            a=res["honors_allies"] if res["honors_allies"] is not None else "?",
            outcome=outcome,
        )
        lines.append(RichText(f"{T['result'](lang)}: {text}", style="bold"))
    for key, label in (
        ("scores", "scores"),
        ("written_scores", "written"),
        ("written_totals", "totals"),
    ):
        pts = res[key]
        if pts:
            shown = "  ".join(
                f"{p} {v:+d}" if key != "written_totals" else f"{p} {v}" for p, v in pts.items()
            )
            lines.append(RichText(f"{T[label](lang)}: {shown}"))
    return lines


def render_round(data: Json, lang: Lang = "en", trick: int | None = None) -> list[RichText]:
    """A whole round (or only trick ``trick`` under the round's header)."""
    lines = render_header(data, lang)
    if data.get("analysis"):
        lines.append(_par(data["analysis"], lang))
    tricks = [t for t in data["tricks"] if trick is None or t["number"] == trick]
    if trick is not None and not tricks:
        lines.append(RichText(T["no_trick"](lang, n=trick), style="yellow"))
    for t in tricks:
        lines.append(RichText(""))
        lines.extend(render_trick(data, t, lang))
    if trick is None and data["kind"] != "redeal":
        lines.append(RichText(""))
        lines.extend(render_result(data, lang))
    return lines


def render_file(replay: Json, lang: Lang = "en", trick: int | None = None) -> list[RichText]:
    """Every round of a replay_file() result, separated by a rule line."""
    return list(render_games(replay["games"], replay["diagnostics"], lang, trick))


def render_games(
    games: Iterable[Json], diagnostics: list[Json], lang: Lang = "en", trick: int | None = None
) -> Iterator[RichText]:
    """:func:`render_file` of games given one by one (``napkifu replay`` judges a
    record game by game); ``diagnostics``, those of the whole file, are read once
    the games are done (they may grow as the games are read)."""
    started = False
    for g in games:
        for line in _diagnostics(g["diagnostics"], lang, ""):
            started = True
            yield line
        for r in g["rounds"]:
            if started:
                yield RichText("─" * 60, style="dim")
            started = True
            yield from render_round(r, lang, trick)
    yield from _diagnostics(diagnostics, lang, "")


def print_lines(console: Console, lines: Iterable[RichText]) -> None:
    """Print without rich's wrapping or highlighting: the layout is ours."""
    for line in lines:
        console.print(line, soft_wrap=True, highlight=False)


def plain(lines: list[RichText]) -> str:
    """The lines as plain text (what a pipe or a snapshot gets)."""
    return "\n".join(line.plain.rstrip() for line in lines) + "\n"
