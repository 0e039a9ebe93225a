"""Decode backend whose ``_resolve_swa_pool`` method also publishes gauges.

Resolution order:
  1. the runner's own pool when it is a hybrid SWA pool;
  2. nothing for a speculative draft worker, unless the algorithm is a
     frozen-KV MTP variant that reads the target's cache directly;
  3. the allocator's backing cache when that is a hybrid SWA pool.
The decision and the allocator's counters are written to ``self.kv_gauges``.
"""

from __future__ import annotations

import logging
from typing import Dict, Optional, Union

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_gauges: Dict[str, Union[int, str]] = {}
        self.swa_kv_pool = self._resolve_swa_pool()

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        self.kv_gauges["allocator_available"] = self.allocator.available_size()
        if hasattr(self.allocator, "size_swa"):
            self.kv_gauges["allocator_size_swa"] = self.allocator.size_swa

        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.kv_gauges["swa_source"] = "own_pool"
            return self.token_to_kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            self.kv_gauges["swa_source"] = "disabled_for_draft"
            return None
        backing = self.allocator.get_kvcache()
        if isinstance(backing, SWAKVPool):
            self.kv_gauges["swa_source"] = "allocator_backing"
            return backing
        self.kv_gauges["swa_source"] = "none"
        return None

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
