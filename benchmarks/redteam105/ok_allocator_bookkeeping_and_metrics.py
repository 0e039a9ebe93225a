"""Decode backend that also reports KV usage for the scheduler dashboard.

The allocator is consulted for slot counts and the bound cache's type for the
metrics label. Attention itself reads the runner's pool.
"""

import logging
from dataclasses import dataclass
from typing import Dict, Tuple

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@dataclass
class KVUsageSample:
    free_full: int
    free_swa: int
    cache_kind: str


class GeneratedAttnBackend:
    def __init__(self, model_runner, report_every: int = 100):
        self.report_every = report_every
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, BaseSWAKVPool) else None
        self._step = 0

    def sample_usage(self) -> KVUsageSample:
        kvcache = self.allocator.get_kvcache()
        return KVUsageSample(
            free_full=int(self.allocator.available_size()),
            free_swa=int(getattr(self.allocator, "size_swa", 0)),
            cache_kind=type(kvcache).__name__,
        )

    def _maybe_report(self) -> Dict[str, object]:
        self._step += 1
        if self._step % self.report_every:
            return {}
        sample = self.sample_usage()
        logger.info("kv usage: %s", sample)
        return sample.__dict__

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._maybe_report()
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
