"""Decode backend with an explicit, step-by-step SWA pool resolver.

Speculative decoding note: the EAGLE draft worker shares the target's
allocator but owns its own KV pool, so the allocator's cache is only used for
frozen-KV MTP drafts (which read the target's cache on purpose).
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_regular_draft(model_runner) -> bool:
    """True for a draft worker that keeps its own KV (EAGLE, EAGLE3, ...)."""
    if not model_runner.is_draft_worker:
        return False
    if model_runner.spec_algorithm.is_frozen_kv_mtp():
        # Frozen-KV MTP reads the target's KV cache directly.
        return False
    return True


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the SWA pool this runner should read, or None."""
    # 1. If our own pool is a SWA pool, use it.
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool

    # 2. A regular draft never reads the target's SWA pool.
    if _is_regular_draft(model_runner):
        return None

    # 3. Otherwise look at the cache behind the allocator.
    allocator = model_runner.token_to_kv_pool_allocator
    allocator_cache = allocator.get_kvcache()
    if isinstance(allocator_cache, SWAKVPool):
        return allocator_cache

    # 4. No SWA pool anywhere.
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_resolution: bool = False):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = resolve_swa_pool(model_runner)
        if log_resolution:
            logger.info("SWA pool resolved: %s", type(self.swa_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, swa_loc
