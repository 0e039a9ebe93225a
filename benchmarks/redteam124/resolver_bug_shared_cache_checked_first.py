"""Hybrid-SWA backend with a resolver method for the windowed cache.

The resolver prefers the cache the allocator was built against, then falls
back to the runner's active pool, and finally to no windowed cache.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = self._resolve_swa_pool()
        self.layer_windows = {}

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        kvcache = self.allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return None

    def set_layer_window(self, layer_id: int, window: int) -> None:
        self.layer_windows[layer_id] = window

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            logger.debug("decode via windowed cache, %d tokens", loc.numel())
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
