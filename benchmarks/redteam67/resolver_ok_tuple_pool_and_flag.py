"""Resolve the KV pool read by decode together with its sliding-window flag.

Returning both from one helper keeps the flag and the pool from drifting apart.
"""

from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_decode_pool(model_runner) -> Tuple[KVCache, bool]:
    """Return ``(pool, is_swa)`` for the buffers this runner's decode reads."""
    own_pool = model_runner.token_to_kv_pool
    if isinstance(own_pool, SWAKVPool):
        return own_pool, True

    is_draft = model_runner.is_draft_worker
    if is_draft and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return own_pool, False

    target_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(target_cache, SWAKVPool):
        return target_cache, True
    return own_pool, False


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, scaling: float = 1.0):
        super().__init__()
        self.scaling = scaling
        self.kv_pool, self.is_swa = resolve_decode_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.is_swa:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
