"""Decode backend that re-reads the runner's pool each step and windows it when it is hybrid."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        self.max_tokens = allocator.size
        self.kv_indices_buf = torch.zeros(self.max_tokens, dtype=torch.int32)
        logger.info(
            "%s: %d slots, page_size=%d", type(allocator).__name__, self.max_tokens, self.page_size
        )

    @property
    def token_to_kv_pool(self):
        # Read on every step: views installed on the runner must be honoured.
        return self._runner.token_to_kv_pool

    @property
    def swa_pool(self) -> Optional[BaseSWAKVPool]:
        pool = self.token_to_kv_pool
        return pool if isinstance(pool, BaseSWAKVPool) else None

    def init_forward_metadata(self, kv_indices: torch.Tensor):
        self.kv_indices_buf[: kv_indices.shape[0]] = kv_indices

    def forward_decode(self, loc):
        swa_pool = self.swa_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
