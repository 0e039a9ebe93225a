"""Decode backend whose SWA lookup signals draft-owned pools with an exception.

``DraftOwnsKVPool`` is raised when the runner is a speculative draft that keeps
its own KV buffers; the backend then runs every layer on its own pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DraftOwnsKVPool(RuntimeError):
    """The runner is a draft worker with a private KV pool."""


def lookup_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        raise DraftOwnsKVPool(type(pool).__name__)
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        try:
            self.swa_pool = lookup_swa_pool(model_runner)
        except DraftOwnsKVPool as e:
            logger.debug("draft keeps its own KV pool (%s); SWA remap disabled", e)
            self.swa_pool = None
        self.sliding_window_size = 4096 if self.swa_pool is not None else -1

    def forward_decode(self, loc: torch.Tensor):
        if self.sliding_window_size > 0:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
