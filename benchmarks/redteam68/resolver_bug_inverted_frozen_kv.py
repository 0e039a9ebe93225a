"""Decode backend with a runner-aware sliding-window pool resolver.

Draft workers in frozen-KV MTP mode keep a private full-attention cache; every other
runner resolves the hybrid pool through the shared allocator.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool = self._resolve_swa_kv_pool()

    def _resolve_swa_kv_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        runner = self.model_runner
        if runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = self.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _to_swa(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self._to_swa(loc)
        return self.token_to_kv_pool, loc
