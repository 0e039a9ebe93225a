"""Hybrid linear attention backend: full-attention layers delegate to a child backend."""

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class _FullAttnChild:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid_swa = isinstance(allocator, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.is_hybrid_swa:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc


class _LinearAttnChild:
    def __init__(self, model_runner):
        self.req_to_token_pool = model_runner.req_to_token_pool

    def forward_decode(self, loc):
        raise NotImplementedError


class GeneratedAttnBackend:
    def __init__(self, model_runner, full_attn_layers=(0, 1, 2, 3)):
        self.full_attn_layers = set(full_attn_layers)
        self.full_attn_backend = _FullAttnChild(model_runner)
        self.linear_attn_backend = _LinearAttnChild(model_runner)

    def forward_decode(self, loc, layer_id: int = 0):
        child = (
            self.full_attn_backend
            if layer_id in self.full_attn_layers
            else self.linear_attn_backend
        )
        pool, locs = child.forward_decode(loc)
        return pool, torch.as_tensor(locs)
