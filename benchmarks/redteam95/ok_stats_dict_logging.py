"""Hybrid decode backend with periodic allocator statistics logging."""

import logging
import time
from typing import Any, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_interval_s: float = 30.0):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.log_interval_s = log_interval_s
        self._last_log = 0.0
        self.stats: Dict[str, Any] = {}
        self._collect_stats()

    def _collect_stats(self) -> Dict[str, Any]:
        alloc = self.allocator
        self.stats = {
            "available": alloc.available_size(),
            "size": alloc.size,
            "size_full": getattr(alloc, "size_full", alloc.size),
            "size_swa": getattr(alloc, "size_swa", None),
            "swa_free": getattr(alloc, "swa_available_size", lambda: None)(),
        }
        if self.stats["size_swa"]:
            self.stats["swa_usage"] = 1.0 - (self.stats["swa_free"] or 0) / self.stats["size_swa"]
        return self.stats

    def _maybe_log(self) -> None:
        now = time.monotonic()
        if now - self._last_log >= self.log_interval_s:
            self._last_log = now
            logger.info("kv allocator stats: %s", self._collect_stats())

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_log()
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
