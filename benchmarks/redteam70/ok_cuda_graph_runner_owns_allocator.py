"""CUDA-graph decode runner for hybrid sliding-window models.

The graph runner keeps the allocator so it can release the padding slots it
reserves for captured batch sizes; the backend hands it the pool it reads and
the runner precomputes the SWA view of that pool for replay.
"""

from __future__ import annotations

import logging
from typing import Dict, List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWADecodeGraphRunner:
    def __init__(self, backend: "GeneratedAttnBackend", allocator, capture_bs: List[int]):
        self.backend = backend
        self.allocator = allocator
        self.capture_bs = sorted(capture_bs)
        self.padding_slots: Dict[int, Optional[torch.Tensor]] = {}
        kv_pool = backend.kv_pool
        self.swa_pool: Optional[SWAKVPool] = kv_pool if isinstance(kv_pool, SWAKVPool) else None

    def reserve_padding(self, bs: int) -> None:
        if bs in self.padding_slots:
            return
        self.padding_slots[bs] = None
        logger.debug("reserved padding for bs=%d, free=%d", bs, self.allocator.available_size())

    def release_padding(self) -> None:
        for bs, slots in self.padding_slots.items():
            if slots is not None:
                self.allocator.free(slots)
        self.padding_slots.clear()

    def replay_locations(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.backend.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, capture_bs=(1, 2, 4, 8)):
        self.kv_pool = model_runner.token_to_kv_pool
        self.graph_runner = SWADecodeGraphRunner(
            self, model_runner.token_to_kv_pool_allocator, list(capture_bs)
        )

    def forward_decode(self, loc: torch.Tensor):
        self.graph_runner.reserve_padding(int(loc.numel()))
        return self.graph_runner.replay_locations(loc)
