"""Decode backend with an instrumented SWA pool resolver method.

Resolution outcomes are tallied with timestamps so that repeated backend
re-initialisation (CUDA graph recapture, draft re-warm) is visible in logs.
Draft workers that keep their own KV never borrow the target's window pool.
"""

import logging
import time
from typing import Dict, List, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _ResolutionLog:
    def __init__(self, max_entries: int = 32):
        self.max_entries = max_entries
        self.entries: List[Tuple[float, str]] = []
        self.tally: Dict[str, int] = {}

    def record(self, outcome: str) -> None:
        self.entries.append((time.time(), outcome))
        self.entries = self.entries[-self.max_entries :]
        self.tally[outcome] = self.tally.get(outcome, 0) + 1


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.resolution_log = _ResolutionLog()
        self.swa_kv_pool = self._resolve_swa_pool()
        logger.info(
            "swa resolution=%s free=%d",
            self.resolution_log.entries[-1][1],
            model_runner.token_to_kv_pool_allocator.available_size(),
        )

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(self.kv_pool, SWAKVPool):
            self.resolution_log.record("active")
            return self.kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            self.resolution_log.record("draft_own_kv")
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            self.resolution_log.record("shared")
            return shared
        self.resolution_log.record("none")
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
