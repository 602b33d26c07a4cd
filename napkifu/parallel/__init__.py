"""Run a per-file job over many files on several cores, results in input order
(:mod:`~napkifu.parallel.pool`: ``check``, ``export`` and the dashboard's season).
Knows nothing of Napoleon.
"""

from napkifu.parallel.pool import (
    broken_pool,
    default_jobs,
    jobs_for,
    resolve_jobs,
    run_jobs,
    share_jobs,
)

__all__ = ["broken_pool", "default_jobs", "jobs_for", "resolve_jobs", "run_jobs", "share_jobs"]
