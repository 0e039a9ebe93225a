"""Decode backend for hybrid SWA models served with speculative decoding."""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool(model_runner)

    @classmethod
    def resolve_swa_pool(cls, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        reads_target_kv = model_runner.spec_algorithm == SpeculativeAlgorithm.FROZEN_KV_MTP
        if model_runner.is_draft_worker and not reads_target_kv:
            return None
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            translated = self.swa_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_pool, translated
        return self.kv_pool, loc
