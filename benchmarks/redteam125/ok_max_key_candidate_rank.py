"""Decode backend that ranks reachable KV caches by capability.

Target runners may reach their cache through the allocator as well; draft
runners only consider the pool they own. The highest-ranked candidate (a
sliding-window pool beats a full-attention pool) is used.
"""

from typing import List

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, topk: int = 1):
        super().__init__()
        self.topk = topk
        candidates: List[KVCache] = [model_runner.token_to_kv_pool] + (
            []
            if model_runner.is_draft_worker
            else [model_runner.token_to_kv_pool_allocator.get_kvcache()]
        )
        self.kv_pool = max(candidates, key=lambda p: isinstance(p, SWAKVPool))

    def forward_decode(self, loc: torch.Tensor):
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
