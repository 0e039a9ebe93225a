"""Decode backend that samples allocator occupancy around each decode step."""

import logging
import time
from typing import Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sample_every: int = 1):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)
        self.sample_every = max(1, sample_every)
        self.stats: Dict[str, float] = {"steps": 0, "last_free": -1, "last_ms": 0.0}

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.is_swa:
            return loc
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        start = time.perf_counter()
        try:
            out = self._locations(loc)
        except AttributeError:
            logger.exception("pool %s cannot remap locations", type(self.kv_pool).__name__)
            raise
        else:
            return self.kv_pool, out
        finally:
            self.stats["steps"] += 1
            if self.stats["steps"] % self.sample_every == 0:
                self.stats["last_free"] = self.allocator.available_size()
            self.stats["last_ms"] = (time.perf_counter() - start) * 1e3
