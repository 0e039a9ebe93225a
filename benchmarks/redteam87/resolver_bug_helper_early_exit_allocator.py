"""Decode backend whose SWA pool lookup is split across small helper methods.

``_shares_target_kv`` answers whether this runner reads the target model's KV;
``_resolve_swa_pool`` combines that with the runner's own pool.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = self._resolve_swa_pool()

    def _shares_target_kv(self) -> bool:
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            # Hybrid allocators are always created by the target and handed down.
            return True
        if not self.model_runner.is_draft_worker:
            return True
        return self.model_runner.spec_algorithm.is_frozen_kv_mtp()

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if not self._shares_target_kv():
            return None
        kv = self.allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
