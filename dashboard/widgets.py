"""Small Streamlit helpers the pages share: tables as people read them (headers
and coded values in the page's language, ``—`` for an empty cell, tooltips from
the analysis layer's column descriptions), percentages."""

from __future__ import annotations

import inspect

import polars as pl
import streamlit as st

from dashboard.text import t
from napkifu.analysis import COLUMNS
from napkifu.i18n import NONE_CELL, VALUES, Lang, header

EAGER_ROWS = 10_000
"""Tables up to this many rows are sent whole, as Arrow (:func:`show_table`); longer ones
are left to Streamlit, which may send them in pieces as the browser scrolls."""
_NOT_LAZY = {"lazy": False} if "lazy" in inspect.signature(st.dataframe).parameters else {}
CODED = ("role", "side", "severity", "kind", "won", "win", "winner_side", "result")
"""Columns whose values are codes shown as words (:data:`napkifu.i18n.VALUES`)."""


def readable(frame: pl.DataFrame, lang: Lang, links: tuple[str, ...] = ()) -> pl.DataFrame:
    """``frame`` as shown: coded values in words, rates as percentages, averages
    to two places, every empty cell ``—``, headers from :data:`napkifu.i18n.HEADERS`
    (``links``: columns of URLs, left as they are)."""
    words = {k: v(lang) for k, v in VALUES.items()}
    out = []
    for name, dtype in frame.schema.items():
        col = pl.col(name)
        if name in links:
            expr = col
        elif name in CODED:
            expr = col.cast(pl.String).replace(words).fill_null(NONE_CELL)
        elif name.endswith("rate"):
            expr = ((col * 100).round(0).cast(pl.Int64).cast(pl.String) + "%").fill_null(NONE_CELL)
        elif dtype.is_float():
            expr = col.round(2).cast(pl.String).fill_null(NONE_CELL)
        elif frame.get_column(name).null_count() or dtype == pl.String:
            expr = col.cast(pl.String).fill_null(NONE_CELL)
        else:
            expr = col
        out.append(expr.alias(name))
    shown = frame.select(out)
    names: dict[str, str] = {}
    for name in shown.columns:
        label = label_of(name, lang)
        names[name] = label if label not in names.values() else f"{label} ({name})"
    return shown.rename(names)


def label_of(column: str, lang: Lang) -> str:
    """A column's header: the glossary's, or a player's name for a sheet's
    ``score:<name>`` and ``total:<name>`` columns."""
    kind, _, name = column.partition(":")
    if name and kind == "score":
        return name
    if name and kind == "total":
        return f"{name} Σ"
    return header(column, lang)


def show_table(
    frame: pl.DataFrame, lang: Lang, table: str = "", *, key: str,
    help: dict[str, str] | None = None, links: dict[str, str] | None = None,
) -> None:  # fmt: skip
    """``st.dataframe`` of a polars frame as :func:`readable` shows it, each header
    with its documented meaning as a tooltip (``help`` adds or overrides; ``links``:
    URL columns and the text each link shows), handed over as Arrow.

    Given a polars frame, Streamlit converts it to pandas and back to Arrow; given
    an Arrow table it sends it as it is (pandas is then never imported: 0.3-0.4 s
    of a first render). Streamlit decides on lazy delivery by looking for a pandas
    frame first, hence ``lazy=False``."""
    described = COLUMNS.get(table, {})
    config: dict[str, object] = {}
    for name in frame.columns:
        label = label_of(name, lang)
        text = (help or {}).get(name) or (described[name].text(lang) if name in described else None)
        if links and name in links:
            config[label] = st.column_config.LinkColumn(label, help=text, display_text=links[name])
        elif text:
            config[label] = st.column_config.Column(label, help=text)
    shown = readable(frame, lang, tuple(links or ()))
    extra = _NOT_LAZY if frame.height <= EAGER_ROWS else {}
    st.dataframe(
        shown.to_arrow(),
        **extra,
        hide_index=True,
        key=key,
        column_config=config,  # type: ignore[call-overload]
    )


def described(table: str, column: str, lang: Lang) -> str:
    """The documented meaning of a season-table column, for a metric's tooltip."""
    return COLUMNS[table][column].text(lang)


def pct(rate: float | None) -> str:
    return NONE_CELL if rate is None else f"{rate:.0%}"


UPLOADER_CSS = """<style>
[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] p,
[data-testid="stFileUploaderDropzoneInstructions"] span,
[data-testid="stFileUploaderDropzone"] > div:not([data-testid]) > span {{ font-size: 0; }}
[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] p::after
  {{ content: "{button}"; font-size: 0.875rem; }}
[data-testid="stFileUploaderDropzoneInstructions"] span::after
  {{ content: "{limit}"; font-size: 0.75rem; }}
[data-testid="stFileUploaderDropzone"] > div:not([data-testid]) > span::after
  {{ content: "{drop}"; font-size: 0.875rem; }}
body:has({refused}) [data-testid="stTooltipErrorContent"] {{ font-size: 0; }}
body:has({refused}) [data-testid="stTooltipErrorContent"]::after
  {{ content: "{not_nap}"; font-size: 0.875rem; }}
body:has({too_big}) [data-testid="stTooltipErrorContent"]::after {{ content: "{too_big_words}"; }}
</style>"""
REFUSED = '[data-testid="stTooltipErrorHoverTarget"][aria-describedby] > [data-testid="stFileChip"]:not([title])'
"""A refused file's chip whose error tooltip is open (Streamlit sets ``aria-describedby``
on the tooltip's target while it shows; a chip with a ``title`` offers a retry: its
upload failed, a network error, left in Streamlit's words). Streamlit refuses a file
only for its type (not ``.nap``) or its size: a ``.nap`` file's refusal is its size."""


def uploader_words(lang: Lang, mb: int) -> None:
    """Streamlit's file uploader in the page's language. Its button ("Upload"),
    its limit ("5MB per file • NAP"), its drop hint and the tooltip of a file it
    refuses ("File must be 5.0MB or smaller.") are Streamlit's own English,
    which no option translates; in Japanese they are hidden (no font size) and our
    words drawn in their place by CSS (the English stays in the page, unseen: what
    a screen reader says of the button is still Streamlit's)."""
    if lang == "en":
        return
    words = {"button": t("upload_button", lang), "limit": t("upload_limit", lang, mb=mb),
             "drop": t("upload_drop", lang), "not_nap": t("upload_not_nap", lang, mb=mb),
             "too_big_words": t("upload_too_big", lang, mb=mb)}  # fmt: skip
    chips = {"refused": REFUSED, "too_big": REFUSED + '[aria-label*=".nap, " i]'}
    st.html(UPLOADER_CSS.format(**{k: v.replace('"', "'") for k, v in words.items()}, **chips))
