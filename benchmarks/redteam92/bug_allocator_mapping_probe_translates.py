"""Triton decode kernels with windowed KV indexing for hybrid SWA models.

Location translation is done with the allocator's full->SWA mapping, which
is present whenever the allocator manages a separate sliding-window region.
"""

import logging

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 4):
        self.model_runner = model_runner
        self.num_kv_splits = num_kv_splits
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.translate_needed = hasattr(self.allocator, "full_to_swa_index_mapping")
        logger.debug("windowed decode translation enabled=%s", self.translate_needed)

    def _kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        pool = self._kv_pool()
        if self.translate_needed:
            loc = self.allocator.translate_loc_from_full_to_swa(loc)
        if not isinstance(pool, SWAKVPool):
            logger.debug("runner pool %s has no SWA region", type(pool).__name__)
        return pool, loc
