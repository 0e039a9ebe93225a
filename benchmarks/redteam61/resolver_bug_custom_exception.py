"""Decode backend whose SWA lookup signals draft runners with an exception.

``NotOnActivePool`` is raised when the runner's own pool has no SWA buffers;
the backend then consults the hybrid cache registered with the allocator.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class NotOnActivePool(LookupError):
    """The runner's active KV pool is not a hybrid SWA pool."""


def lookup_swa_pool(model_runner) -> SWAKVPool:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        raise NotOnActivePool("draft worker: " + type(pool).__name__)
    raise NotOnActivePool(type(pool).__name__)


def _allocator_swa_pool(model_runner) -> Optional[SWAKVPool]:
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        try:
            self.swa_pool = lookup_swa_pool(model_runner)
        except NotOnActivePool as e:
            logger.debug("active pool is not SWA (%s), trying allocator", e)
            self.swa_pool = _allocator_swa_pool(model_runner)
        self.sliding_window_size = 4096 if self.swa_pool is not None else -1

    def forward_decode(self, loc: torch.Tensor):
        if self.sliding_window_size > 0:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
