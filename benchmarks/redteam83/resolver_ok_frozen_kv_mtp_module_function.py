"""Shared helper that picks the sliding-window KV pool for a runner.

Mirrors the resolution order used by the hybrid attention backends: the runner's
own pool wins; a draft worker that keeps its own cache is full-attention only;
frozen-KV MTP drafts read through the target's cache.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.req_to_token = model_runner.req_to_token_pool
        self.full_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_kv_pool(model_runner)

    @property
    def uses_swa(self) -> bool:
        return self.swa_pool is not None

    def forward_decode(self, loc: torch.Tensor):
        if not self.uses_swa:
            return self.full_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
