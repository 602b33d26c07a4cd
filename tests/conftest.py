"""Suite-wide setup: the tests never touch the user's own judged-results cache."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """`napkifu check` caches by default (in ~/.cache/napkifu); a test run gets its
    own empty cache instead, so a developer's cache neither feeds nor fills it."""
    old = os.environ.get("NAPKIFU_CACHE_DIR")
    os.environ["NAPKIFU_CACHE_DIR"] = str(tmp_path_factory.mktemp("napkifu-cache"))
    yield
    if old is None:
        os.environ.pop("NAPKIFU_CACHE_DIR", None)
    else:
        os.environ["NAPKIFU_CACHE_DIR"] = old
