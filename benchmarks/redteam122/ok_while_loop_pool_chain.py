"""Decode backend that unwraps pool wrappers until it reaches the SWA cache.

Host-offload and layer-transfer wrappers expose the device pool through ``device_pool``.
Only the runner's own pool chain is walked; the allocator is never part of the search.
"""

import logging
from typing import Any, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_MAX_UNWRAP_DEPTH = 4


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.model_runner = model_runner
        self.topk = topk
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self._unwrap_swa_pool(self.kv_pool)
        logger.info(
            "decode backend ready: swa=%s, allocator=%s",
            self.swa_pool is not None,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    @staticmethod
    def _unwrap_swa_pool(handle: Any) -> Optional[SWAKVPool]:
        depth = 0
        while handle is not None and depth < _MAX_UNWRAP_DEPTH:
            if isinstance(handle, SWAKVPool):
                return handle
            handle = getattr(handle, "device_pool", None)
            depth += 1
        return None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
