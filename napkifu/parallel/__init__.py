"""Run a per-file job over many files on several cores, results in input order.

:mod:`~napkifu.parallel.pool` streams the results of a process pool to a caller
that waits for them (``check``, ``export``) and starts the fork server workers
are forked from once polars is loaded; :mod:`~napkifu.parallel.gather` gathers
every result for a caller that judges too (the dashboard). Neither knows
anything of Napoleon.
"""

from napkifu.parallel.gather import gather_jobs
from napkifu.parallel.pool import default_jobs, jobs_for, prestart, resolve_jobs, run_jobs

__all__ = ["default_jobs", "gather_jobs", "jobs_for", "prestart", "resolve_jobs", "run_jobs"]
