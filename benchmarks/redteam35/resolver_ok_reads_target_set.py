"""Backend that resolves the SWA pool using the set of draft algorithms reading target KV."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# Draft algorithms whose draft forward attends over the target model's KV.
_READS_TARGET_KV = frozenset({SpeculativeAlgorithm.FROZEN_KV_MTP})


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator) and model_runner.is_draft_worker:
            logger.info(
                "draft worker shares a hybrid allocator (%d window tokens)",
                allocator.size_swa,
            )
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker and model_runner.spec_algorithm not in _READS_TARGET_KV:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
