"""Resolution of the sliding-window KV pool for attention backends.

``resolve_swa_kv_pool`` prefers the runner's active pool and falls back to the
cache registered on the token allocator, which covers runners whose active
pool is a thin wrapper around the hybrid cache.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    allocator = model_runner.token_to_kv_pool_allocator
    get_kvcache = getattr(allocator, "get_kvcache", None)
    if get_kvcache is None:
        return None
    backing = get_kvcache()
    if isinstance(backing, SWAKVPool):
        logger.debug("using allocator-registered SWA pool for %s", type(active).__name__)
        return backing
    return None


class GeneratedAttnBackend:
    """Decode backend using ``resolve_swa_kv_pool`` to pick its KV source."""

    def __init__(self, model_runner, resolver=resolve_swa_kv_pool):
        self.model_runner = model_runner
        self.full_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolver(model_runner)

    @property
    def has_swa(self) -> bool:
        return self.swa_pool is not None

    def forward_decode(self, loc: torch.Tensor):
        if self.has_swa:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.full_pool, loc
