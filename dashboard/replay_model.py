"""A round's replay data (the JSON ``napkifu replay`` emits) → what the Replay page draws.

The data comes from :mod:`napkifu.views.replay_data` so that the dashboard, the CLI
and the HTML view show the same judgement; this module only turns it into steps
(before the first trick, then one per trick) of :class:`SeatView` seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

import streamlit as st

from dashboard.cardview import SeatView, card_html, cards_html, suit_html
from dashboard.text import t
from napkifu.cards import card_text
from napkifu.i18n import Lang, word
from napkifu.terminal import escape_tree


@dataclass(frozen=True, slots=True)
class StepView:
    title: str
    seats: tuple[SeatView, ...]
    center_html: str


@dataclass(frozen=True, slots=True)
class RoundView:
    summary_html: str
    steps: tuple[StepView, ...]
    has_tricks: bool
    diagnostics: tuple[str, ...]


@st.cache_resource(show_spinner=False, max_entries=4)
def judged_file(digest: str, name: str, _data: bytes) -> Any:
    """A record judged once (keyed on its hash) for every round Replay shows from it
    and every round analysed: stepping to the next round of a 200-round file no
    longer judges the whole file again (about 0.3 s each time). Shared, read only."""
    from napkifu.api import loads

    return loads(_data, file=name)


@st.cache_data(show_spinner=False, max_entries=256)
def cached_replay(digest: str, name: str, game: int, rnd: int, _data: bytes) -> dict[str, Any]:
    """The replay data of one round, from the file's judgement (keyed on its hash)."""
    return replay_round_data(_data, name, game, rnd, judged_file(digest, name, _data))


def replay_data(data: bytes, name: str, game: int, rnd: int, judged: Any = None) -> dict[str, Any]:
    """The replay data of one round (``judged``: the file's judgement, if at hand)."""
    from napkifu.api import loads
    from napkifu.views.replay_data import replay_file

    return replay_file(judged or loads(data, file=name), game=game, round=rnd)


def round_label(row: dict[str, Any], lang: Lang) -> str:
    """``round 3 · Riku 14♠`` (with a ⚠ when the round has errors) for the picker."""
    parts = [f"{word('round', lang)} {row['round']}"]
    if row.get("napoleon"):
        parts.append(f"{row['napoleon']} {row.get('contract') or ''}".strip())
    elif row.get("kind") == "redeal":
        parts.append(word("redeal", lang))
    label = " · ".join(parts)
    return f"⚠ {label}" if row.get("errors") else label


def replay_round_data(
    data: bytes, name: str, game: int, rnd: int, judged: Any = None
) -> dict[str, Any]:
    """The one round's object of :func:`replay_data` (``games[0].rounds[0]``), its
    texts with control characters shown escaped as the terminal shows them."""
    out = replay_data(data, name, game, rnd, judged)["games"][0]["rounds"][0]
    return escape_tree(out)  # type: ignore[return-value]


def _play_text(play: dict[str, Any]) -> str:
    text = play["card"]["text"]
    return f"{text}>{play['joker_suit']}" if play.get("joker_suit") else text


def _hand(held: Any) -> tuple[str, ...] | None:
    """A hand as card texts: the replay's ``{"text", "cards": [ids]}`` (a list of
    card objects is read too)."""
    if held is None:
        return None
    if isinstance(held, dict):
        return tuple(card_text(c) for c in held.get("cards", ()))
    return tuple(c["text"] if isinstance(c, dict) else card_text(c) for c in held)


def _roles(rnd: dict[str, Any], public: bool) -> dict[str, str]:
    """Roles the table knows: Napoleon always; the adjutant and allies once public."""
    contract = rnd.get("contract") or {}
    roles = {contract["napoleon"]: "napoleon"} if contract.get("napoleon") else {}
    if public:
        sides = rnd.get("sides") or {}
        adj = (rnd.get("adjutant") or {}).get("player")
        if adj and adj in roles:
            adj = None
        if adj:
            roles[adj] = "adjutant"
        for p in sides.get("allies") or []:
            roles.setdefault(p, "allied")
    return roles


def _seats(
    rnd: dict[str, Any], lang: Lang, trick: dict[str, Any] | None, hands: dict | None, public: bool
) -> tuple[SeatView, ...]:
    roles = _roles(rnd, public)
    played = {p["player"]: _play_text(p) for p in trick["plays"]} if trick else {}
    return tuple(
        SeatView(
            name=p,
            role=roles.get(p),
            role_label=t(roles[p], lang) if p in roles else "",
            card=played.get(p),
            leader=bool(trick) and trick["leader"] == p,  # type: ignore[index]
            winner=bool(trick) and trick["winner"] == p,  # type: ignore[index]
            hand=_hand(hands.get(p)) if hands else None,
        )
        for p in rnd["players"]
    )


def _honors_line(nap: int | None, allies: int | None, lang: Lang) -> str:
    if nap is None and allies is None:
        return ""
    return escape(t("honors_side", lang, nap="?" if nap is None else nap,
                    all="?" if allies is None else allies))  # fmt: skip


def _summary(rnd: dict[str, Any], lang: Lang) -> str:
    contract = rnd.get("contract")
    parts: list[str] = []
    if contract is None:
        parts.append(escape(word("redeal", lang) if rnd.get("kind") == "redeal" else "—"))
    else:
        trump = (
            suit_html(contract["trump"]) if contract["trump"] else escape(word("no_trump", lang))
        )
        parts.append(f"<b>{escape(word('napoleon', lang))}</b> {escape(contract['napoleon'])} "
                     f"{contract['count']}{trump}")  # fmt: skip
        if contract.get("called"):
            parts.append(f"{escape(word('call', lang))} {card_html(contract['called']['text'])}")
        adj = rnd.get("adjutant") or {}
        who = (word("alone", lang) if adj.get("alone")
               else adj.get("player") or t("unknown", lang))  # fmt: skip
        parts.append(f"{escape(word('adjutant', lang))} {escape(who)}")
    result = rnd.get("result") or {}
    if result.get("win") is not None:
        outcome = word("win" if result["win"] else "loss", lang)
        parts.append(f"{_honors_line(result['honors_napoleon'], result['honors_allies'], lang)}"
                     f" → <b>{escape(outcome)}</b>")  # fmt: skip
    if result.get("scores"):
        parts.append(escape(" ".join(f"{p} {v:+d}" for p, v in result["scores"].items())))
    if rnd.get("discards"):
        parts.append(
            f"{escape(word('discard', lang))} {cards_html([c['text'] for c in rnd['discards']])}"
        )
    return '<div class="nk-summary">' + " · ".join(parts) + "</div>"


def round_view(rnd: dict[str, Any], lang: Lang = "en") -> RoundView:
    """Steps of a round: before the first trick (hands as the first trick found
    them, or as dealt), then each trick complete with its winner and why."""
    tricks = rnd.get("tricks") or []
    alone = bool((rnd.get("adjutant") or {}).get("alone"))
    first_hands = tricks[0]["holdings_before"] if tricks else rnd.get("hands")
    intro = _summary(rnd, lang)
    steps = [StepView(t("before_play", lang), _seats(rnd, lang, None, first_hands, alone), intro)]
    for trick in tricks:
        reason = trick["reason_ja"] if lang == "ja" and trick.get("reason_ja") else trick["reason"]
        honors = cards_html([c["text"] for c in trick["honors"]])
        center = (
            f"<div><b>{escape(t('trick_no', lang))} {trick['number']}/{len(tricks)}</b></div>"
            f"<div>{escape(t('winner', lang))}: <b>{escape(trick['winner'])}</b></div>"
            f"<div><i>{escape(reason or '')}</i></div>"
            f"<div>{honors}</div>"
            f"<div>{_honors_line(trick['honors_napoleon_after'], trick['honors_allies_after'], lang)}</div>"
        )
        title = f"{t('trick_no', lang)} {trick['number']}/{len(tricks)}"
        seats = _seats(rnd, lang, trick, trick.get("holdings_before"), trick["adjutant_public"])
        steps.append(StepView(title, seats, center))
    diags = [
        f"`{d['code']}` {d['line']}:{d['column']} — "
        + ((d.get("message_ja") or d["message"]) if lang == "ja" else d["message"])
        for d in [*rnd.get("diagnostics", []), *(x for tr in tricks for x in tr.get("diagnostics", []))]
    ]  # fmt: skip
    return RoundView(intro, tuple(steps), bool(tricks), tuple(diags))
