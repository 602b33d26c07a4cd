"""The reporter the express lane hands the engine's functions: it ends the lane at
the first problem, since describing a problem is the ordinary path's job.

It lives apart from the lane's other modules because it extends the engine's
:class:`~napkifu.replay.report.Reporter`, a plain class with ``__slots__``, which a
module compiled by mypyc cannot extend (:mod:`napkifu.compiled`); this module is
never compiled.
"""

from __future__ import annotations

from napkifu.express.table import NotClean
from napkifu.replay.report import Reporter


class _Veto(Reporter):
    __slots__ = ()

    def add(self, *args: object, **kwargs: object) -> None:
        raise NotClean


VETO: Reporter = _Veto("", None)
