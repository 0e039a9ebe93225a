"""Sliding-window decode view with explicit enable/disable toggles.

``enable_window`` binds the SWA pool from the pool this backend reads; it is a
no-op when that pool has no SWA half. ``disable_window`` drops the binding so
decode reads every layer through the full index space (used by the
long-context debug path). Allocator occupancy is logged for each toggle.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, start_windowed: bool = True):
        self.model_runner = model_runner
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        self.window_enabled = False
        if start_windowed:
            self.enable_window()

    def _log_occupancy(self, event: str) -> None:
        allocator = self.model_runner.token_to_kv_pool_allocator
        logger.debug("%s: available=%s", event, allocator.available_size())

    def enable_window(self) -> bool:
        pool = self.model_runner.token_to_kv_pool
        self.kv_pool = pool
        if isinstance(pool, SWAKVPool):
            self.swa_pool = pool
            self.window_enabled = True
        else:
            self.swa_pool = None
            self.window_enabled = False
        self._log_occupancy("enable_window")
        return self.window_enabled

    def disable_window(self) -> None:
        self.swa_pool = None
        self.window_enabled = False
        self.kv_pool = self.model_runner.token_to_kv_pool
        self._log_occupancy("disable_window")

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.window_enabled and self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
