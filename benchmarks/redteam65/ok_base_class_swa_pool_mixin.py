"""Shared SWA plumbing for decode backends plus a FlashInfer-style subclass.

``SlidingWindowBackendBase`` owns pool resolution and location translation;
concrete backends only build their own metadata.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SlidingWindowBackendBase(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )

    @property
    def has_swa(self) -> bool:
        return self.swa_kv_pool is not None

    def translate_for_swa_layer(self, loc: torch.Tensor) -> torch.Tensor:
        assert self.swa_kv_pool is not None
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(SlidingWindowBackendBase):
    def __init__(self, model_runner, num_wrappers: int = 2):
        super().__init__(model_runner)
        self.num_wrappers = num_wrappers if self.has_swa else 1
        self.kv_indptr = [torch.zeros(2, dtype=torch.int32) for _ in range(self.num_wrappers)]
        self.kv_indices = [None] * self.num_wrappers

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        for wrapper_id in range(self.num_wrappers):
            if wrapper_id == 0 and self.has_swa:
                self.kv_indices[wrapper_id] = self.translate_for_swa_layer(loc)
            else:
                self.kv_indices[wrapper_id] = loc

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        if self.has_swa:
            return self.swa_kv_pool, self.kv_indices[0]
        return self.token_to_kv_pool, self.kv_indices[0]
