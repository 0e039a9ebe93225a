"""Decode-only attention backend for hybrid sliding-window models.

The backend asks the allocator for the KV cache it is bound to when the allocator
exposes one, and falls back to the runner's pool for allocators that predate
``get_kvcache``.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.num_kv_splits = num_kv_splits

        allocator = model_runner.token_to_kv_pool_allocator
        getter = getattr(allocator, "get_kvcache", None)
        self.kv_cache: KVCache = getter() if callable(getter) else model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_cache if isinstance(self.kv_cache, SWAKVPool) else None
        )
        logger.debug(
            "decode backend bound to %s (swa=%s)",
            type(self.kv_cache).__name__,
            self.swa_kv_pool is not None,
        )

    def _window_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_cache, self._window_locations(loc)
