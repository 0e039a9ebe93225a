"""Lazy pool proxy used by the decode backend.

``_AllocatorBackedPool`` forwards attribute access to the cache object owned by
the token allocator.  Holding the allocator rather than the cache keeps the
proxy valid across ``resize`` calls that rebuild the cache.
"""

from __future__ import annotations

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _AllocatorBackedPool:
    __slots__ = ("_allocator",)

    def __init__(self, allocator):
        object.__setattr__(self, "_allocator", allocator)

    @property
    def target(self):
        return self._allocator.get_kvcache()

    def __getattr__(self, name):
        return getattr(self.target, name)

    def __repr__(self) -> str:
        return f"_AllocatorBackedPool({type(self.target).__name__})"


class GeneratedAttnBackend:
    """Decode backend reading KV through ``_AllocatorBackedPool``."""

    def __init__(self, model_runner, proxy_cls=_AllocatorBackedPool):
        self.model_runner = model_runner
        self.pool_proxy = proxy_cls(model_runner.token_to_kv_pool_allocator)
        self.uses_swa = isinstance(self.pool_proxy.target, SWAKVPool)
        logger.debug("pool proxy %r (swa=%s)", self.pool_proxy, self.uses_swa)

    def _active_pool(self):
        return self.pool_proxy.target

    def forward_decode(self, loc: torch.Tensor):
        pool = self._active_pool()
        if self.uses_swa:
            return pool, self.pool_proxy.translate_loc_from_full_to_swa(loc)
        return pool, loc
