"""EAGLE3 draft/target decode backend with capacity diagnostics.

The allocator is consulted only for capacity reporting; the KV buffers always
come from the runner's own pool.
"""

import logging
from typing import Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_every: int = 100):
        self.log_every = log_every
        self._steps = 0
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)
        self.role = "draft" if model_runner.is_draft_worker else "target"

    def capacity_stats(self) -> Dict[str, int]:
        stats = {"available": int(self._allocator.available_size())}
        swa_size = getattr(self._allocator, "size_swa", None)
        if swa_size is not None:
            stats["swa_size"] = int(swa_size)
        return stats

    def _maybe_log(self) -> None:
        self._steps += 1
        if self._steps % self.log_every == 0:
            logger.info("[%s] kv capacity %s", self.role, self.capacity_stats())

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_log()
        if self.is_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
