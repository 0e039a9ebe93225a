"""Decode backend that warms its index path on scratch KV slots inside a free group."""

import contextlib
import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_SCRATCH_TOKENS = 2


@dataclass
class WarmupStats:
    scratch_tokens: int = 0
    free_before: int = 0
    free_after: int = 0


@contextlib.contextmanager
def _free_group(allocator):
    allocator.free_group_begin()
    try:
        yield
    finally:
        allocator.free_group_end()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa = isinstance(self.pool, SWAKVPool)
        self.stats = self.warmup()

    def warmup(self) -> WarmupStats:
        stats = WarmupStats(free_before=int(self.allocator.available_size()))
        scratch = self.allocator.alloc(_SCRATCH_TOKENS)
        if scratch is None:
            logger.warning("no room for scratch KV slots; skipping warmup")
            return stats
        stats.scratch_tokens = int(scratch.numel())
        with _free_group(self.allocator):
            self._touch(scratch)
            self.allocator.free(scratch)
        stats.free_after = int(self.allocator.available_size())
        assert stats.free_after == stats.free_before, "scratch slots leaked"
        return stats

    def _touch(self, scratch: torch.Tensor) -> None:
        logger.debug("warmup on scratch slots %s", scratch.tolist())

    def forward_decode(self, loc):
        if self.swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
