"""Hybrid-attention decode backend.

Whether the model runs with a sliding-window KV layout is detected once from every
pool handle the runner exposes; the hybrid pool itself is then taken from the
allocator, which is the single owner of the full/SWA index mapping.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        super().__init__()
        self.model_runner = model_runner
        self.sliding_window_size = sliding_window_size
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        sources = (self.kv_pool, allocator.get_kvcache())
        self.is_hybrid_swa = any(isinstance(src, SWAKVPool) for src in sources)
        self.swa_kv_pool: Optional[SWAKVPool] = (
            allocator.get_kvcache() if self.is_hybrid_swa else None
        )

    def init_forward_metadata(self, forward_batch):
        # Nothing to precompute for the reference path.
        return None

    def forward_decode(self, loc: torch.Tensor):
        if not self.is_hybrid_swa:
            return self.kv_pool, loc
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, swa_loc
