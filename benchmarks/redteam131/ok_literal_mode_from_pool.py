"""Attention KV mode selection using ``Literal`` tags.

The mode is derived from the pool the backend reads; the allocator's SWA
capacity is only reported in metrics.
"""

from __future__ import annotations

import logging
from typing import Dict, Literal, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

AttnKVMode = Literal["full", "hybrid_swa"]


def select_kv_mode(pool: KVCache) -> AttnKVMode:
    return "hybrid_swa" if isinstance(pool, SWAKVPool) else "full"


def allocator_metrics(allocator) -> Dict[str, int]:
    metrics = {"available": int(allocator.available_size())}
    size_swa = getattr(allocator, "size_swa", None)
    if size_swa is not None:
        metrics["size_swa"] = int(size_swa)
    return metrics


class GeneratedAttnBackend:
    def __init__(self, model_runner, emit_metrics: bool = True):
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.kv_mode: AttnKVMode = select_kv_mode(self.token_to_kv_pool)
        if emit_metrics:
            logger.info(
                "kv_mode=%s metrics=%s",
                self.kv_mode,
                allocator_metrics(model_runner.token_to_kv_pool_allocator),
            )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.token_to_kv_pool
        if self.kv_mode == "hybrid_swa":
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
