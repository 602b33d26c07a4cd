"""Debian's Chromium and a local Streamlit server, as the browser test and the
browser benchmark (benchmarks/bench_dashboard_browser.py) both use them."""

from __future__ import annotations

import socket
import urllib.request

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
"""Without the background-networking flags, Chromium's connections are refused by a
closed network, many at a time."""


def free_port() -> int:
    """A loopback port nothing listens on (for a server started next)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def healthy(url: str) -> bool:
    """Whether the Streamlit server at ``url`` answers its health check."""
    try:
        with urllib.request.urlopen(url.rstrip("/") + "/_stcore/health", timeout=2) as r:
            return bool(r.status == 200)
    except OSError:
        return False
