"""Sliding-window pool lookup for NSA-style hybrid backends.

Draft workers that keep their own KV cache are resolved first (full attention
only).  Otherwise the runner's pool is used when hybrid, and frozen-KV MTP
drafts fall back to the cache behind the shared allocator.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, index_topk: int = 2048):
        self.index_topk = index_topk
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool(model_runner)

    @classmethod
    def resolve_swa_pool(cls, model_runner) -> Optional[SWAKVPool]:
        spec = model_runner.spec_algorithm
        if model_runner.is_draft_worker and not spec.is_frozen_kv_mtp():
            return None
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
