"""Hybrid linear attention backend: allocator only sizes the linear-state cache."""

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _FullAttn:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_swa = isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.is_swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        max_tokens = getattr(alloc, "size_full", None) or alloc.size
        self.state_indices = torch.zeros(
            min(max_tokens, model_runner.max_running_requests), dtype=torch.int32
        )
        self.full_attn_backend = _FullAttn(model_runner)

    def forward_decode(self, loc):
        return self.full_attn_backend.forward_decode(loc)
