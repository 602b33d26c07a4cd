"""napkifu: read, check and replay records of Japanese Napoleon (ナポレオン).

The pipeline is text → grammar (:mod:`napkifu.notation`) → record model
(:mod:`napkifu.model`) → replay and judgement (:mod:`napkifu.replay`) → tables
and plots (:mod:`napkifu.analysis`, ``dashboard/``). :func:`load` and
:func:`loads` run it end to end.
"""

from napkifu.api import load, loads

__all__ = ["load", "loads"]
__version__ = "0.1.0"
