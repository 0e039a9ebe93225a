"""Decode backend exposing its hybrid-SWA mode as a property for the graph runner."""

import logging
from dataclasses import dataclass, field
from typing import Dict

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class _DecodeCounters:
    steps: int = 0
    translated_tokens: int = 0
    per_bs: Dict[int, int] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self._kv_allocator = model_runner.token_to_kv_pool_allocator
        self.counters = _DecodeCounters()
        self.cuda_graph_out_loc = None

    @property
    def is_hybrid_swa(self) -> bool:
        """True when window layers read from the SWA sub-pool of our own cache."""
        return isinstance(self.kv_pool, SWAKVPool)

    @property
    def num_window_slots(self) -> int:
        # capacity bookkeeping lives on the (possibly shared) allocator
        if isinstance(self._kv_allocator, SWATokenToKVPoolAllocator):
            return self._kv_allocator.size_swa
        return 0

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_loc = torch.zeros(max_bs, dtype=torch.int64)
        if self.num_window_slots:
            logger.info("allocator reserves %d window slots", self.num_window_slots)

    def _record(self, loc: torch.Tensor, translated: bool):
        self.counters.steps += 1
        bs = int(loc.numel())
        self.counters.per_bs[bs] = self.counters.per_bs.get(bs, 0) + 1
        if translated:
            self.counters.translated_tokens += bs

    def forward_decode(self, loc):
        if self.is_hybrid_swa:
            swa_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
            self._record(loc, True)
            return self.kv_pool, swa_loc
        self._record(loc, False)
        return self.kv_pool, loc
