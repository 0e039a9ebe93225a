"""Paged decode backend whose SWA pool is resolved lazily on first use."""

from functools import cached_property
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_SWA_POOL_TYPES: Tuple[type, ...] = (SWAKVPool, BaseSWAKVPool)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, topk: int = 1):
        super().__init__()
        self.topk = topk
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @cached_property
    def swa_kv_pool(self) -> Optional[BaseSWAKVPool]:
        runner = self.model_runner
        if isinstance(self.token_to_kv_pool, _SWA_POOL_TYPES):
            return self.token_to_kv_pool
        if runner.is_draft_worker:
            # Only FROZEN_KV MTP drafts read through the target's hybrid pool.
            if not runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, _SWA_POOL_TYPES):
            return shared
        return None

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
