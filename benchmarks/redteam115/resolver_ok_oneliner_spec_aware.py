"""Sliding-window KV resolution shared by decode kernels.

``resolve_swa_pool`` mirrors the upstream rule: the active pool wins, a
regular draft worker never borrows the target's hybrid pool, and only
frozen-KV MTP drafts fall back to the allocator's cache.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(mr) -> Optional[SWAKVPool]:
    if isinstance(p := mr.token_to_kv_pool, SWAKVPool):
        return p
    if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
        return None
    return c if isinstance(c := mr.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.kv: KVCache = model_runner.token_to_kv_pool
        self.swa = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return (
            (self.swa, self.swa.translate_loc_from_full_to_swa(loc)) if self.swa else (self.kv, loc)
        )
