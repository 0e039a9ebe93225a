"""Decode backend that reads from the runner's own KV pool, remapping for SWA layers.

The token allocator is only used to size the per-step scratch buffer.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_scratch_tokens: int = 4096):
        super().__init__()
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.scratch_tokens = min(max_scratch_tokens, self.allocator.available_size())
        self._swa: Optional[SWAKVPool] = None
        if isinstance((pool := model_runner.token_to_kv_pool), SWAKVPool):
            self._swa = pool
        self.kv_pool = pool

    def forward_decode(self, loc: torch.Tensor):
        if (swa := self._swa) is not None and (
            mapped := swa.translate_loc_from_full_to_swa(loc)
        ) is not None:
            return swa, mapped
        return self.kv_pool, loc
