"""Hybrid-SWA decode backend exporting sliding-window metrics.

`swa_allocator_attached`, `swa_slots_total` and `swa_slots_used` are public so the scheduler's
metrics collector can scrape them; the same flag switches decode onto the sliding-window
region of the runner's KV pool.
"""

from dataclasses import dataclass, field
from typing import Dict, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass
class SWADecodeStats:
    steps: int = 0
    tokens: int = 0
    extra: Dict[str, float] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_allocator_attached = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.swa_slots_total = self.allocator.size_swa if self.swa_allocator_attached else 0
        self.stats = SWADecodeStats()

    @property
    def swa_slots_used(self) -> int:
        if not self.swa_allocator_attached:
            return 0
        return self.swa_slots_total - self.allocator.swa_available_size()

    def metrics(self) -> Dict[str, float]:
        return {
            "swa_slots_total": float(self.swa_slots_total),
            "swa_slots_used": float(self.swa_slots_used),
            "decode_steps": float(self.stats.steps),
            **self.stats.extra,
        }

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        self.stats.steps += 1
        self.stats.tokens += int(loc.numel())
        if not self.swa_allocator_attached:
            return self.token_to_kv_pool, loc
        pool = self.token_to_kv_pool
        return pool, pool.translate_loc_from_full_to_swa(loc)
