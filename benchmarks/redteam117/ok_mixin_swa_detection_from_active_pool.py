"""Mixins shared by the decode attention backends.

``HybridSWAMixin`` owns the question "does this backend read a hybrid
sliding-window cache?" and answers it from the pool the backend was handed.
``AllocatorStatsMixin`` exposes allocator counters for the metrics exporter.
"""

from __future__ import annotations

from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class HybridSWAMixin:
    _swa_pool: Optional[SWAKVPool]

    def setup_hybrid_swa(self, kv_pool) -> None:
        self._swa_pool = kv_pool if isinstance(kv_pool, SWAKVPool) else None

    def maybe_translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self._swa_pool is None:
            return loc
        return self._swa_pool.translate_loc_from_full_to_swa(loc)


class AllocatorStatsMixin:
    def setup_allocator_stats(self, allocator) -> None:
        self._allocator = allocator

    def allocator_stats(self) -> Dict[str, int]:
        stats = {"available": int(self._allocator.available_size())}
        swa_available = getattr(self._allocator, "swa_available_size", None)
        if callable(swa_available):
            stats["swa_available"] = int(swa_available())
        return stats


class GeneratedAttnBackend(HybridSWAMixin, AllocatorStatsMixin):
    def __init__(self, model_runner, export_metrics: bool = False):
        self.kv_pool = model_runner.token_to_kv_pool
        self.setup_hybrid_swa(self.kv_pool)
        self.setup_allocator_stats(model_runner.token_to_kv_pool_allocator)
        self.export_metrics = export_metrics

    def forward_decode(self, loc: torch.Tensor):
        if self.export_metrics:
            _ = self.allocator_stats()
        pool = self._swa_pool if self._swa_pool is not None else self.kv_pool
        return pool, self.maybe_translate(loc)
