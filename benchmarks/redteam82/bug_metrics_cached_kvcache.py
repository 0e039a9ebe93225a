"""Decode backend with per-step KV utilisation logging.

The backend keeps a handle to the allocator's KV cache so that utilisation and
attention reads go through the same object.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_every: int = 100):
        self.log_every = log_every
        self._step = 0
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_cache: KVCache = self.allocator.get_kvcache()
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_cache if isinstance(self.kv_cache, SWAKVPool) else None
        )

    def _maybe_log(self) -> None:
        self._step += 1
        if self._step % self.log_every == 0:
            logger.info(
                "decode step=%d available=%d cache=%s",
                self._step,
                self.allocator.available_size(),
                type(self.kv_cache).__name__,
            )

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_log()
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
