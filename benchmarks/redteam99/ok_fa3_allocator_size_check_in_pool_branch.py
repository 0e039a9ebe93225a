"""FlashAttention-3 decode backend (fork of flashattention_backend.py).

Adds a sanity check at init: when the runner's pool is hybrid SWA we compare its window
capacity with the allocator's and warn if they disagree (this caught a config issue where
``swa_full_tokens_ratio`` was applied twice).
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        super().__init__()
        self.device = model_runner.device
        self.speculative_num_steps = speculative_num_steps
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_kv_pool = self.kv_pool
            allocator = model_runner.token_to_kv_pool_allocator
            if isinstance(allocator, SWATokenToKVPoolAllocator):
                if allocator.size_swa != self.kv_pool.size_swa:
                    logger.warning(
                        "SWA capacity mismatch: allocator=%d pool=%d",
                        allocator.size_swa,
                        self.kv_pool.size_swa,
                    )
        self.page_table: Optional[torch.Tensor] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        if self.swa_kv_pool is not None:
            self.page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        else:
            self.page_table = loc

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.kv_pool
        return pool, self.page_table
