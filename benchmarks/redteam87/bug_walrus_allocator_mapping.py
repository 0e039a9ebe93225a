"""Decode backend reading from the runner's KV pool with optional SWA remapping.

The full->SWA location mapping is looked up lazily with an assignment expression so
that full-attention-only deployments pay nothing for it.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.allocator = model_runner.token_to_kv_pool_allocator

    def _remap(self, loc: torch.Tensor) -> torch.Tensor:
        if (mapping := getattr(self.allocator, "full_to_swa_index_mapping", None)) is not None:
            return mapping[loc]
        return loc

    def forward_decode(self, loc: torch.Tensor):
        read_pool = self.swa_pool or self.kv_pool
        return read_pool, self._remap(loc)
