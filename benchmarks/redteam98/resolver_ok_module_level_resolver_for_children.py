"""Composite decode backend with a module-level SWA pool resolver.

``get_swa_kv_pool`` is shared by the child factory and by the wrapper's diagnostics so both
agree on which KV cache serves sliding-window layers.
"""

from typing import Optional, Union

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    is_plain_draft = (
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    if is_plain_draft:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class _DenseChild:
    def __init__(self, pool: KVCache):
        self.pool = pool

    def forward_decode(self, loc):
        return self.pool, loc


class _WindowChild:
    def __init__(self, swa_pool: SWAKVPool):
        self.pool = swa_pool

    def forward_decode(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


def build_child(model_runner) -> Union[_DenseChild, _WindowChild]:
    swa_pool = get_swa_kv_pool(model_runner)
    if swa_pool is None:
        return _DenseChild(model_runner.token_to_kv_pool)
    return _WindowChild(swa_pool)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.child = build_child(model_runner)
        self.uses_sliding_window = isinstance(self.child, _WindowChild)

    def forward_decode(self, loc: torch.Tensor):
        return self.child.forward_decode(loc)
