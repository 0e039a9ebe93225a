"""Decode backend with explicit support checks.

MLA caches raise ``NotImplementedError`` at construction; hybrid SWA is
detected on the pool this backend reads.
"""

import logging

import torch

from sglang.srt.mem_cache.memory_pool import MLATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        if num_kv_splits <= 0:
            raise ValueError(f"num_kv_splits must be positive, got {num_kv_splits}")
        self.num_kv_splits = num_kv_splits
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        if isinstance(self.token_to_kv_pool, MLATokenToKVPool):
            raise NotImplementedError("GeneratedAttnBackend does not support MLA KV caches")

        self.sliding_window = isinstance(self.token_to_kv_pool, SWAKVPool)
        if self.sliding_window and self.token_to_kv_pool.is_mla():
            raise NotImplementedError("hybrid SWA with MLA layout is not supported")
        logger.info(
            "sliding window decode enabled: %s (allocator: %s)",
            self.sliding_window,
            type(self.allocator).__name__,
        )

    def get_kv_locs(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.sliding_window:
            return loc
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self.get_kv_locs(loc)
