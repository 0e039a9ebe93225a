"""Decode backend for hybrid sliding-window models (runner pool + allocator cache).

The hybrid layout is recognised if either the runner's pool or the allocator's
cache is an ``SWAKVPool``, which covers runners that wrap the pool (e.g. with
HiCache) as well as plain targets. Reads go through the runner's pool.
"""

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, v_head_dim: int = 128):
        super().__init__()
        self.v_head_dim = v_head_dim
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_swa_model = isinstance(self.token_to_kv_pool, SWAKVPool) or isinstance(
            allocator.get_kvcache(), SWAKVPool
        )

    @property
    def uses_window_locations(self) -> bool:
        return self.is_swa_model

    def forward_decode(self, loc: torch.Tensor):
        kv_pool = self.token_to_kv_pool
        if self.uses_window_locations:
            loc = kv_pool.translate_loc_from_full_to_swa(loc)
        return kv_pool, loc
