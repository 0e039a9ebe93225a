"""Decode backend; the pool is classified with a ``match`` over the runner's KV pool."""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, head_dim: Optional[int] = None):
        super().__init__()
        self.model_runner = model_runner
        self.head_dim = head_dim
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self._classify(self.kv_pool)

    def _classify(self, pool: KVCache) -> Optional[SWAKVPool]:
        runner = self.model_runner
        match pool:
            case SWAKVPool():
                return pool
            case MHATokenToKVPool() if (
                runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp()
            ):
                return None
            case _:
                kv = runner.token_to_kv_pool_allocator.get_kvcache()
                return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        return (swa, swa.translate_loc_from_full_to_swa(loc)) if swa else (self.kv_pool, loc)
