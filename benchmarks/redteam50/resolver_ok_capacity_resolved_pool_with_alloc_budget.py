"""Decode backend that resolves its SWA pool once and budgets prefill from the allocator."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if getattr(model_runner, "is_draft_worker", False):
        algo = getattr(model_runner, "spec_algorithm", None)
        frozen = getattr(SpeculativeAlgorithm, "FROZEN_KV_MTP", None)
        if frozen is None or algo != frozen:
            # A regular draft owns a full-only pool; the shared allocator's cache is the target's.
            return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        alloc = model_runner.token_to_kv_pool_allocator
        window = int(getattr(alloc, "size_swa", alloc.size))
        self.prefill_budget = max(alloc.page_size, window // 2)
        self.decode_reserve = max(1, window // (8 * max(1, model_runner.max_running_requests)))
        logger.info(
            "swa_pool=%s budget=%d reserve=%d",
            type(self.swa_pool).__name__ if self.swa_pool is not None else None,
            self.prefill_budget,
            self.decode_reserve,
        )

    def can_schedule(self, extend_tokens: int) -> bool:
        free = self.model_runner.token_to_kv_pool_allocator.available_size()
        return extend_tokens <= min(self.prefill_budget, free - self.decode_reserve)

    def init_forward_metadata(self, forward_batch):
        self.cache_loc = self._locs(forward_batch.out_cache_loc)

    def _locs(self, loc):
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        return pool, self._locs(loc)
