"""A Dask worker plugin: the workers of a local cluster die with the process that started it,
and keep their logs to themselves.

Dask workers take no initializer; a :class:`~distributed.diagnostics.plugin.WorkerPlugin`'s
``setup`` runs in each worker process (in its main thread, on the worker's event loop), also
in a worker the nanny restarts. Only for a local cluster: the workers of a remote scheduler
have other parents. A local worker's own log records (a heartbeat that finds the scheduler
gone while the run shuts down, say) are raised to CRITICAL only: what goes wrong in a game
reaches the user as the failed future's exception, not as a worker's traceback on the terminal.
Imported only when the Dask backend runs (it needs ``distributed``).
"""

from __future__ import annotations

import logging
from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin

from ..core.workers import die_with_parent


class DieWithParent(WorkerPlugin):
    """Ties a worker's life to the process with pid ``parent`` (see
    :func:`~cardkit.core.workers.die_with_parent`)."""

    name = "cardkit-die-with-parent"

    def __init__(self, parent: int) -> None:
        self.parent = parent

    def setup(self, worker: Any) -> None:
        """Runs in the worker process when the plugin is registered or the worker starts."""
        die_with_parent(self.parent)
        logging.getLogger("distributed").setLevel(logging.CRITICAL)
