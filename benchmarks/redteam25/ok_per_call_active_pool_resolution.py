"""Decode backend that re-derives its SWA state from the active pool on every forward call."""

import contextlib
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_step_id: int = 0):
        self.speculative_step_id = speculative_step_id
        self.page_size = getattr(model_runner, "page_size", 1)
        self.is_draft = bool(getattr(model_runner, "is_draft_worker", False))
        # Speculative views may swap this attribute around a forward; never cache decisions on it.
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.forward_metadata = None

    @contextlib.contextmanager
    def pool_view(self, pool):
        saved, self.token_to_kv_pool = self.token_to_kv_pool, pool
        try:
            yield
        finally:
            self.token_to_kv_pool = saved

    def _active_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def init_forward_metadata(self, loc, mode="decode"):
        if self._allocator.available_size() < loc.numel():
            logger.warning("allocator nearly full (%d free)", self._allocator.available_size())
        self.forward_metadata = {"loc": loc, "mode": mode}

    def forward(self, loc, mode="decode", window=4096):
        self.init_forward_metadata(loc, mode)
        swa_pool = self._active_swa_pool()
        if swa_pool is not None and window > -1:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc

    def forward_decode(self, loc):
        return self.forward(loc)
