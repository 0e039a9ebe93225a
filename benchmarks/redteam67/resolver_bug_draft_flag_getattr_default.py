"""SWA pool resolver that works with runners predating the draft-worker flag.

Some runner variants (e.g. the NPU graph runner wrapper) do not expose the draft
flag, so it is read defensively. FROZEN_KV_MTP drafts keep reading target KV.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _is_private_pool_draft(model_runner) -> bool:
    if not getattr(model_runner, "is_draft", False):
        return False
    spec = getattr(model_runner, "spec_algorithm", None)
    return spec is None or not spec.is_frozen_kv_mtp()


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if _is_private_pool_draft(model_runner):
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if not isinstance(cache, SWAKVPool):
        return None
    return cache


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_kv_pool
        if pool is None:
            return self.token_to_kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
