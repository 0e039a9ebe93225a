"""Attention backend that reserves a draft KV budget and reads the allocator's cache on targets."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# Fraction of the shared allocator a draft worker may keep in flight.
_DRAFT_RESERVE_FRACTION = 8


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_draft = bool(model_runner.is_draft_worker)
        reads_target_kv = model_runner.spec_algorithm == SpeculativeAlgorithm.FROZEN_KV_MTP
        capacity = getattr(allocator, "size_swa", allocator.size)
        self.reserved_tokens = capacity // _DRAFT_RESERVE_FRACTION if self.is_draft else 0

        if self.is_draft and not reads_target_kv:
            # The draft model keeps its own KV pool; the allocator only hands
            # out indices that it shares with the target.
            self.kv_pool = model_runner.token_to_kv_pool
        else:
            self.kv_pool = allocator.get_kvcache()
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        logger.info(
            "draft=%s reserved=%d kv=%s",
            self.is_draft,
            self.reserved_tokens,
            type(self.kv_pool).__name__,
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
