"""Pool facade used by the decode backend.

``PoolFacade`` wraps the runner's active KV pool and fills in helpers the pool
type does not implement from the token allocator, which exposes the same
location helpers for hybrid caches.  The backend then feature-detects on the
facade.
"""

from __future__ import annotations

import logging

import torch

logger = logging.getLogger(__name__)


class PoolFacade:
    def __init__(self, pool, allocator):
        self._pool = pool
        self._allocator = allocator

    @property
    def pool(self):
        return self._pool

    def __getattr__(self, name: str):
        # Only called when normal lookup fails.
        try:
            return getattr(self._pool, name)
        except AttributeError:
            return getattr(self._allocator, name)


def make_facade(model_runner) -> PoolFacade:
    return PoolFacade(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)


class GeneratedAttnBackend:
    """Decode backend that feature-detects SWA support on a ``PoolFacade``."""

    def __init__(self, model_runner, facade_factory=make_facade):
        self.facade = facade_factory(model_runner)
        self.supports_swa = hasattr(self.facade, "translate_loc_from_full_to_swa")
        logger.debug("pool facade swa support: %s", self.supports_swa)

    def forward_decode(self, loc: torch.Tensor):
        if self.supports_swa:
            return self.facade.pool, self.facade.translate_loc_from_full_to_swa(loc)
        return self.facade.pool, loc
