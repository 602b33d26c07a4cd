"""napkifu dashboard: ``streamlit run dashboard/app.py [-- FOLDER]``.

The entry script draws the sidebar (language, records, season filters), loads the
season through the cache and hands over to the chosen page in ``views/``.
"""

from __future__ import annotations

import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:  # `streamlit run` puts only dashboard/ on the path
    sys.path.insert(0, str(_ROOT))

import streamlit as st  # noqa: E402

from dashboard.state import build_context, store_judged  # noqa: E402
from dashboard.text import t  # noqa: E402

PAGES = (
    ("overview", "views/overview.py", ":material/leaderboard:"),
    ("ratings", "views/ratings.py", ":material/trending_up:"),
    ("players", "views/players.py", ":material/person:"),
    ("games", "views/games.py", ":material/table:"),
    ("pairings", "views/pairings.py", ":material/handshake:"),
    ("replay", "views/replay.py", ":material/playing_cards:"),
    ("problems", "views/problems.py", ":material/warning:"),
    ("export", "views/export.py", ":material/download:"),
)


def main() -> None:
    st.set_page_config(page_title="napkifu", page_icon=":material/playing_cards:", layout="wide")
    ctx = build_context()
    page = st.navigation(
        [
            st.Page(path, title=t(name, ctx.lang), icon=icon, url_path=name,
                    default=name == "overview")
            for name, path, icon in PAGES
        ]
    )  # fmt: skip
    try:
        page.run()
    finally:  # (the page is drawn, or stopped: what the load judged is cached now)
        store_judged()


# Streamlit runs this script as `__main__`. napkifu's judging pool starts its workers
# without it (napkifu.parallel), but any spawned worker whose job lived here would
# re-import it as `__mp_main__`: it must not draw the app and judge all over again.
if __name__ == "__main__":
    main()
