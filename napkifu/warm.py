"""What a judging worker starts with, imported once by a fork server.

:func:`napkifu.parallel.prestart` starts a fork server that imports this module
(and whatever else its caller names); every worker then forked from it starts
with napkifu's judging modules, polars and the notation's parser ready, instead
of spending ~0.45 s of its start on them. A module of napkifu's own, so that the
fork server finds it wherever the caller was started from (Python 3.11's fork
server does not take its parent's ``sys.path``, only its working directory).
"""

from __future__ import annotations

import contextlib

# The season's tables (polars), the express lane and its rows, the ordinary path
# for a record that is not clean:
import napkifu.analysis.frames
import napkifu.analysis.rows
import napkifu.api  # noqa: F401
from napkifu.notation.reader import parser

with contextlib.suppress(Exception):  # a worker that lacks it builds it on first use
    parser()
