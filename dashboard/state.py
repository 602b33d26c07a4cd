"""The Streamlit glue: sidebar widgets, caches and the context every page reads.

Judging is cached on a hash of the sources' content (names and bytes), so every
session and every page share one judgement of a set of files and a page switch never
re-judges. The season tables are cached with ``st.cache_resource`` rather than
``st.cache_data``: they are immutable polars frames, and ``cache_data`` would pickle
them on every store and unpickle them on every hit (about 1.3 s and 0.35 s for a
10,000-round season, half the first-render budget). Small results (a round's replay
data) use ``st.cache_data``. Within a session, results are also held in
``st.session_state`` so a rerun does not even look them up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import TypeVar

import streamlit as st

from dashboard.data import (
    MAX_FILE_MB,
    MAX_TOTAL_MB,
    Loaded,
    SourceFile,
    accept_uploads,
    content_key,
    folder_stamp,
    load_sources,
    read_folder,
    records_folder,
)
from dashboard.figures import player_colours
from dashboard.filtering import excluded_in, filter_season, players_of, presets_of, season_bounds
from dashboard.frames import counted_rounds
from dashboard.text import t
from dashboard.widgets import uploader_words
from napkifu.analysis import Season, SeasonFilter
from napkifu.i18n import LANGS, Lang, default_lang

T = TypeVar("T")
LANG_NAMES = {"en": "English", "ja": "日本語"}
STAMP_SECONDS = 10
"""How often the records folder is looked at for new, changed or removed files:
at most once in this many seconds, for every session together (a rerun never
walks the tree; a folder of thousands of files takes a while)."""


@dataclass(slots=True)
class Context:
    lang: Lang
    key: str
    loaded: Loaded
    season: Season  # filtered
    filters: SeasonFilter
    sources: dict[str, SourceFile]
    colours: dict[str, str]
    """A colour per player of the whole season (the same under every filter)."""


@st.cache_resource(show_spinner=False, ttl=STAMP_SECONDS, max_entries=2)
def _stamp(folder: str) -> tuple:
    """The folder's files, sizes and times, looked at once per :data:`STAMP_SECONDS`."""
    return folder_stamp(folder)


@st.cache_resource(show_spinner=False, max_entries=2)
def _folder_sources(folder: str, stamp: tuple) -> tuple[SourceFile, ...]:
    """A folder's bytes, re-read only when a file's size or mtime changes."""
    return read_folder(folder, stamp)


@st.cache_resource(show_spinner=False, max_entries=4)
def _load(key: str, _files: tuple[SourceFile, ...], persist: bool) -> Loaded:
    """The season, its result-cache entries written once the page is drawn
    (:func:`store_judged`): packing them beside the first page slowed it twofold."""
    return load_sources(_files, persist=persist, defer_store=True)


def store_judged() -> None:
    """Write what this run's load judged to the result cache (on a thread; once)."""
    ctx = st.session_state.get("_napkifu_ctx")
    if ctx is not None:
        ctx.loaded.store()


@st.cache_resource(show_spinner=False, max_entries=32)
def _filtered(key: str, flt: tuple, _season: Season) -> Season:
    players, since, until, presets = flt
    return filter_season(_season, SeasonFilter(players, since, until, presets))


def _memo(name: str, key: object, make: Callable[[], T], size: int = 1) -> T:
    """``make()`` once per session for a given ``key`` (the cache_data result kept as
    is, so a hit costs no unpickling); the last ``size`` keys are kept."""
    slots: dict = st.session_state.setdefault(name, {})
    if key not in slots:
        while len(slots) >= size:
            slots.pop(next(iter(slots)))
        slots[key] = make()
    return slots[key]


MEMO_SIZE = 48


def memo(ctx: Context, name: str, extra: object, make: Callable[[], T]) -> T:
    """``make()`` once per session for this season, filter, language and ``extra``
    (e.g. the player shown): page switches reuse the frames and figures already built.
    Plain objects kept in session state, never pickled; the oldest go first."""
    store: dict = st.session_state.setdefault("_napkifu_memo", {})
    key = (name, ctx.key, ctx.filters, ctx.lang, extra)
    if key not in store:
        while len(store) >= MEMO_SIZE:
            store.pop(next(iter(store)))
        store[key] = make()
    return store[key]


def _sources(lang: Lang) -> tuple[tuple[SourceFile, ...], bool]:
    st.sidebar.subheader(t("source", lang))
    uploads = st.sidebar.file_uploader(
        t("upload", lang), type=["nap"], accept_multiple_files=True, key="uploads",
        help=t("upload_help", lang, mb=MAX_FILE_MB, total=MAX_TOTAL_MB), max_upload_size=MAX_FILE_MB,
    )  # fmt: skip
    uploader_words(lang, MAX_FILE_MB)
    if uploads:
        files, notes = accept_uploads([(u.name, u.getvalue()) for u in uploads])
        for note, values in notes:
            st.sidebar.warning(t(note, lang, **values))
        return files, False
    folder = records_folder()
    if not folder.is_dir():
        st.sidebar.error(t("not_folder", lang))
        return (), False
    return _folder_sources(str(folder), _stamp(str(folder))), True


def _filters(key: str, season: Season, lang: Lang) -> SeasonFilter:
    st.sidebar.subheader(t("filters", lang))
    (first, last), names, presets_all = _memo(
        "_napkifu_choices",
        key,
        lambda: (season_bounds(season), players_of(season), presets_of(season)),
    )
    since = until = None
    if first is not None and last is not None:
        # Keyed on the season's bounds: another season (a file added or removed, an
        # upload) starts from its own full range, never a stale one (issue 29).
        date_key = f"dates_{first}_{last}"
        # Its starting value is the link's range, if any, for as long as the season
        # lasts (a widget's value parameter must not change between reruns).
        starts: dict = st.session_state.setdefault("_napkifu_date_starts", {})
        if date_key not in starts:
            wanted = st.session_state.pop("_napkifu_url_dates", (None, None))
            lo, hi = max(first, wanted[0] or first), min(last, wanted[1] or last)
            starts[date_key] = (lo, max(lo, hi))
        picked = st.sidebar.date_input(
            t("date_range", lang), min_value=first, max_value=last, value=starts[date_key],
            key=date_key, help=t("date_help", lang), format="YYYY-MM-DD",
        )  # fmt: skip
        if isinstance(picked, tuple) and len(picked) == 2:
            lo, hi = picked
            since = lo if isinstance(lo, date) and lo > first else None
            until = hi if isinstance(hi, date) and hi < last else None
    if "f_players" in st.session_state:  # (names gone from the season are dropped)
        st.session_state["f_players"] = [p for p in st.session_state["f_players"] if p in names]
    players = st.sidebar.multiselect(
        t("filter_players", lang), names, key="f_players",
        help=t("filter_players_help", lang), placeholder=t("choose", lang),
    )  # fmt: skip
    if "f_presets" in st.session_state:
        st.session_state["f_presets"] = [
            p for p in st.session_state["f_presets"] if p in presets_all
        ]
    presets = st.sidebar.multiselect(
        t("filter_presets", lang), presets_all, key="f_presets", placeholder=t("choose", lang)
    )
    return SeasonFilter(tuple(players), since, until, tuple(presets))


def _from_url() -> None:
    """A session's first run takes its state from the URL (a shared link)."""
    if st.session_state.get("_napkifu_url_read"):
        return
    st.session_state["_napkifu_url_read"] = True
    query = st.query_params
    lang = query.get("lang")
    st.session_state["_napkifu_lang_start"] = lang if lang in LANGS else default_lang()
    if query.get_all("players"):
        st.session_state["f_players"] = query.get_all("players")
    if query.get_all("preset"):
        st.session_state["f_presets"] = query.get_all("preset")
    since, until = _date(query.get("since")), _date(query.get("until"))
    if since or until:
        st.session_state["_napkifu_url_dates"] = (since, until)


def _date(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value) if value else None
    except ValueError:
        return None


def keep_in_url(ctx: Context, **page: object) -> None:
    """Write the language, the filters and the page's own state (``page``; None:
    left out) to the URL, so that a copied link opens this view."""
    flt = ctx.filters
    wanted: dict[str, str | list[str]] = {"lang": ctx.lang}
    if flt.players:
        wanted["players"] = list(flt.players)
    if flt.presets:
        wanted["preset"] = list(flt.presets)
    if flt.since:
        wanted["since"] = flt.since.isoformat()
    if flt.until:
        wanted["until"] = flt.until.isoformat()
    wanted.update({k: str(v) for k, v in page.items() if v is not None})
    current = {k: (st.query_params.get_all(k) if isinstance(v, list) else st.query_params.get(k))
               for k, v in wanted.items()}  # fmt: skip
    st.session_state["_napkifu_url_last"] = wanted
    if current != wanted or set(st.query_params.keys()) != set(wanted):
        st.query_params.from_dict(wanted)


def from_link(key: str) -> str | None:
    """The URL's ``key`` when a link (or a typed address) brought it, not this
    session's own last write: a page then shows what the link asks for."""
    value = st.query_params.get(key)
    last = st.session_state.get("_napkifu_url_last", {})
    return value if value is not None and last.get(key) != value else None


def _lang(value: object) -> Lang:
    """The switch's value as a language (none picked: English)."""
    return value if value in LANGS else "en"  # type: ignore[return-value]


def build_context() -> Context:
    """Draw the sidebar, load (cached) and filter: what every page reads."""
    _from_url()
    lang = _lang(st.sidebar.segmented_control(
        "🌐", options=list(LANGS), format_func=LANG_NAMES.__getitem__, key="lang",
        default=st.session_state["_napkifu_lang_start"],
        label_visibility="collapsed",
    ))  # fmt: skip
    files, persist = _sources(lang)
    key = content_key(files)
    with st.spinner(t("judging", lang, files=len(files))):
        loaded = _memo("_napkifu_loaded", key, lambda: _load(key, files, persist))
    flt = _filters(key, loaded.season, lang)
    flat = (flt.players, flt.since, flt.until, flt.presets)
    season = _memo(
        "_napkifu_season", (key, flat), lambda: _filtered(key, flat, loaded.season), size=8
    )
    colours = _memo("_napkifu_colours", key, lambda: player_colours(players_of(loaded.season)))
    ctx = Context(lang, key, loaded, season, flt, {f.name: f for f in files}, colours)
    counted = memo(ctx, "counted", None, lambda: counted_rounds(season))
    st.sidebar.caption(
        t("loaded", lang, files=len(loaded.files), rounds=counted,
          excluded=memo(ctx, "excluded", None, lambda: excluded_in(
              loaded.season.excluded, loaded.index, flt)).height)
    )  # fmt: skip
    st.session_state["_napkifu_ctx"] = ctx
    return ctx


def context() -> Context:
    """The context ``app.py`` built for this run (pages call this first)."""
    return st.session_state["_napkifu_ctx"]
