"""Suite-wide setup: the tests never touch the user's own judged-results cache."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

# The property tests draw the same examples on every run ("repeatable", the default), so
# the README's test command and CI pass or fail the same way on every machine; a
# developer hunting for new failing examples runs `pytest --hypothesis-profile=explore`
# (fresh random examples each run, as many as each test asks for).
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("repeatable")


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
