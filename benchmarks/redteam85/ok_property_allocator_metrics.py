"""Decode backend exposing allocator metrics next to the KV view.

Occupancy properties read the slot allocator (shared with any draft worker);
the KV view itself comes from the runner's own pool.
"""

from __future__ import annotations

import logging
from typing import Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, metrics: Optional[Dict[str, float]] = None):
        self.model_runner = model_runner
        self.metrics = metrics if metrics is not None else {}

    @property
    def allocator(self):
        return self.model_runner.token_to_kv_pool_allocator

    @property
    def free_tokens(self) -> int:
        return self.allocator.available_size()

    @property
    def allocator_kind(self) -> str:
        return type(self.allocator).__name__

    @property
    def kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self.metrics["free_tokens"] = float(self.free_tokens)
        self.metrics[f"decode_calls/{self.allocator_kind}"] = (
            self.metrics.get(f"decode_calls/{self.allocator_kind}", 0.0) + 1
        )
        swa = self.swa_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
