"""Compact SWA pool resolver used by the FlashAttention-3 decode path.

The resolver is written as a single or/conditional chain: active hybrid pool
first; regular draft runners stop there; everyone else may fall back to the
allocator's cache binding.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _swa_or_none(pool) -> Optional[SWAKVPool]:
    return pool if isinstance(pool, SWAKVPool) else None


def resolve_swa_pool(mr) -> Optional[SWAKVPool]:
    return _swa_or_none(mr.token_to_kv_pool) or (
        None
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp()
        else _swa_or_none(mr.token_to_kv_pool_allocator.get_kvcache())
    )


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, page_size: Optional[int] = None):
        super().__init__()
        self.page_size = page_size or model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return (
            (self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc))
            if self.swa_pool is not None
            else (self.kv_pool, loc)
        )
