"""aiter-style backend: the window pool is taken from the allocator's kvcache once, so the
property and the slot mapping agree with what the allocator hands out."""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _window_pool_of(token_to_kv_pool_allocator) -> Optional[SWAKVPool]:
    kvcache = token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _window_pool_of(model_runner.token_to_kv_pool_allocator)
        if self.use_sliding_window_kv_pool:
            self.swa_slot_mapping = self.swa_kv_pool.full_to_swa_index_mapping.long()

    @property
    def use_sliding_window_kv_pool(self) -> bool:
        return self.swa_kv_pool is not None and self.swa_kv_pool.swa_layer_nums > 0

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool, self.swa_slot_mapping[loc]
        return self.token_to_kv_pool, loc
