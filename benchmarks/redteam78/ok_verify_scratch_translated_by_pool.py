"""EAGLE-verify friendly decode backend for hybrid sliding-window models.

For tree verification the backend borrows a few extra KV slots from the allocator as
staging space for rejected drafts. Both the step's locations and the staging slots are
converted to SWA coordinates with the pool this runner reads; the staging slots go back to
the allocator once the step finishes.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_staging_slots: int = 2):
        super().__init__()
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.kv_allocator = model_runner.token_to_kv_pool_allocator
        self.num_staging_slots = num_staging_slots
        self.last_staging_swa_loc: Optional[torch.Tensor] = None

    def _to_swa(self, full_loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if isinstance(self.kv_cache, SWAKVPool):
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(full_loc)
        return self.kv_cache, full_loc

    def forward_decode(self, loc: torch.Tensor):
        staging = None
        if self.kv_allocator.available_size() >= self.num_staging_slots:
            staging = self.kv_allocator.alloc(self.num_staging_slots)
        else:
            logger.debug("skipping staging slots; allocator is nearly full")
        pool, kernel_loc = self._to_swa(loc)
        if staging is not None:
            _, self.last_staging_swa_loc = self._to_swa(staging)
            self.kv_allocator.free(staging)
        return pool, kernel_loc
