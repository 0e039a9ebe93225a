"""Attention backend that resolves the SWA pool preferring the memory subsystem's hybrid pool."""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool, self.use_sliding_window_kv_pool = self._resolve(model_runner)
        self.forward_metadata = None

    @classmethod
    def _resolve(cls, model_runner) -> Tuple[Optional[SWAKVPool], bool]:
        # the allocator-managed pool is stable across FROZEN_KV views, so look there first
        target = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(target, SWAKVPool):
            return target, True
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool, True
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None, False
        return None, False

    def init_forward_metadata(self, loc, mode="decode"):
        swa_loc = None
        if self.use_sliding_window_kv_pool:
            swa_loc = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = {"loc": loc, "swa_loc": swa_loc, "mode": mode}

    def forward(self, loc, mode="decode", window=4096):
        self.init_forward_metadata(loc, mode)
        md = self.forward_metadata
        if self.use_sliding_window_kv_pool and window > -1:
            return self._swa_kv_pool, md["swa_loc"]
        return self.token_to_kv_pool, md["loc"]

    def forward_decode(self, loc):
        return self.forward(loc)
