"""Decode backend with start-up consistency checks for hybrid SWA serving.

The checks validate allocator invariants and emit a notice when a runner
shares a hybrid allocator but owns a full-attention-only pool, which is the
expected layout for speculative draft workers. The read path always uses the
pool that belongs to the runner.
"""

import logging
import warnings

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayoutError(RuntimeError):
    pass


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = True):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        self.strict = strict
        self._check_allocator()
        if isinstance(self.allocator, SWATokenToKVPoolAllocator) and self.swa_pool is None:
            logger.info(
                "runner shares a hybrid SWA allocator but owns a full-only pool; "
                "sliding-window remap disabled for this backend"
            )

    def _check_allocator(self) -> None:
        free = self.allocator.available_size()
        if free > self.allocator.size_full:
            msg = f"allocator reports {free} free slots > capacity {self.allocator.size_full}"
            if self.strict:
                raise KVLayoutError(msg)
            warnings.warn(msg)
        if self.allocator.page_size <= 0:
            raise KVLayoutError("page_size must be positive")

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
