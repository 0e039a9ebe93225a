"""Wrapper backend that reports KV usage metrics around a delegated decode child.

The allocator is used only for capacity metrics and log lines; the child reads from the KV
pool attached to this runner.
"""

import logging
from typing import Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _Child:
    def __init__(self, pool):
        self.pool = pool
        self.swa = isinstance(pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, log_every: int = 100):
        super().__init__()
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.child = _Child(model_runner.token_to_kv_pool)
        self.log_every = log_every
        self._steps = 0

    def metrics(self) -> Dict[str, int]:
        out = {"available": int(self.allocator.available_size())}
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            out["swa_available"] = int(self.allocator.swa_available_size())
            out["full_available"] = int(self.allocator.full_available_size())
        return out

    def forward_decode(self, loc: torch.Tensor):
        self._steps += 1
        if self._steps % self.log_every == 0:
            logger.info("decode step %d kv metrics: %s", self._steps, self.metrics())
        return self.child.forward_decode(loc)
