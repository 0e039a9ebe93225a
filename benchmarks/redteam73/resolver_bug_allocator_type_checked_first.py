"""FlashInfer backend: SWA pool resolution (refactored).

The allocator type is checked first since an SWA allocator always carries a
hybrid cache; the remaining branches cover runners whose allocator is a plain
paged allocator.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[BaseSWAKVPool]:
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            return allocator.get_kvcache()

        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, BaseSWAKVPool):
            return active_pool

        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None

        kvcache = allocator.get_kvcache()
        return kvcache if isinstance(kvcache, BaseSWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            kv_indices = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
            return self._swa_kv_pool, kv_indices
        return self.token_to_kv_pool, loc
