"""Decode backend with a speculative-aware resolver for the sliding-window KV pool.

Mirrors the resolution order used upstream: the runner's active pool wins; a regular draft
worker owns a full-only pool and never borrows the target's window cache; frozen-KV MTP
drafts read the target cache through the shared allocator.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SWAPoolResolver:
    def __init__(self, model_runner):
        self._runner = model_runner

    def _owns_private_pool(self) -> bool:
        r = self._runner
        return r.is_draft_worker and not r.spec_algorithm.is_frozen_kv_mtp()

    def resolve(self) -> Optional[SWAKVPool]:
        pool = self._runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if self._owns_private_pool():
            return None
        backing = self._runner.token_to_kv_pool_allocator.get_kvcache()
        return backing if isinstance(backing, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _SWAPoolResolver(model_runner).resolve()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
