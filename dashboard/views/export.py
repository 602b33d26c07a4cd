"""Export: the season tables of the current filters as CSV downloads (written only
when a button is clicked, so the page itself costs nothing on a big season; a
click does not rerun the page, so no download is lost to a rerun). The tricks
table is not even built until its button is clicked: the season was judged
without every card's detail (:meth:`napkifu.analysis.Loaded.tricks`)."""

from __future__ import annotations

from functools import partial

import streamlit as st

from dashboard.downloads import csv_bytes
from dashboard.filtering import tricks_in
from dashboard.state import context, keep_in_url
from dashboard.text import t

ctx = context()
lang, season = ctx.lang, ctx.season
keep_in_url(ctx)
st.title(t("export", lang))
st.caption(t("export_caption", lang))
excel = st.checkbox(t("excel_bom", lang), key="excel_bom")


def _tricks_csv() -> bytes:
    return csv_bytes(tricks_in(ctx.loaded.tricks(), season), excel=excel)


for name in ("season", "rounds", "player_rounds", "tricks", "contracts"):
    if name == "tricks":
        data, note = _tricks_csv, t("download_help_later", lang)
    else:
        df = season.table(name)
        data, note = partial(csv_bytes, df, excel=excel), t("download_help", lang, rows=df.height)
    st.download_button(
        t("download", lang, name=t(f"table_{name}", lang)), data=data,
        file_name=f"{name}.csv", mime="text/csv", key=f"dl_{name}", on_click="ignore",
        help=note + f" — {name}.csv",
    )  # fmt: skip
