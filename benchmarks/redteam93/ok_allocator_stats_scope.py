"""Decode backend that records allocator pressure around each step.

``_allocator_watch`` snapshots ``available_size()`` on entry and exit and
logs a warning when the step ran with very little headroom. The KV pool the
step reads is always the runner's own pool.
"""

import contextlib
import logging
from typing import Iterator, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, low_watermark: int = 16):
        self.low_watermark = low_watermark
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self._allocator_kind = type(self.token_to_kv_pool_allocator).__name__

    @contextlib.contextmanager
    def _allocator_watch(self) -> Iterator[int]:
        before = self.token_to_kv_pool_allocator.available_size()
        try:
            yield before
        finally:
            after = self.token_to_kv_pool_allocator.available_size()
            if after < self.low_watermark:
                logger.warning("%s low on KV slots: %d -> %d", self._allocator_kind, before, after)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.token_to_kv_pool
        with self._allocator_watch(), torch.no_grad():
            if isinstance(pool, SWAKVPool):
                loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
