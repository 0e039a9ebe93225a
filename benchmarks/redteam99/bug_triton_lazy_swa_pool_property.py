"""Triton backend with a lazily resolved sliding-window pool (from triton_backend.py).

The SWA pool is looked up on first use and memoised with ``functools.cached_property``;
CUDA-graph capture then sees a stable object.
"""

from __future__ import annotations

import functools
import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_head: int = 32):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        self.num_head = num_head

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if type(kvcache).__name__ == "SWAKVPool" else None

    @property
    def token_to_kv_pool(self):
        return self.model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
