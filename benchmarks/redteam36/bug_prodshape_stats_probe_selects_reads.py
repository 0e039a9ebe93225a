"""Decode backend storing an allocator capability probe that also selects its SWA reads."""

import logging
from dataclasses import dataclass, field
from typing import Dict

import torch

logger = logging.getLogger(__name__)


@dataclass
class AttnStats:
    allocator_class: str
    allocator_has_swa_budget: bool
    counters: Dict[str, int] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.stats = AttnStats(
            allocator_class=type(allocator).__name__,
            allocator_has_swa_budget=hasattr(allocator, "swa_attn_allocator"),
        )

    def get_stats(self) -> Dict[str, object]:
        return {
            "allocator": self.stats.allocator_class,
            "allocator_has_swa_budget": self.stats.allocator_has_swa_budget,
            **self.stats.counters,
        }

    @property
    def sliding_window_reads(self) -> bool:
        return self.stats.allocator_has_swa_budget

    def forward_decode(self, loc: torch.Tensor):
        self.stats.counters["decode"] = self.stats.counters.get("decode", 0) + 1
        if self.sliding_window_reads:
            return (
                self.token_to_kv_pool,
                self.token_to_kv_pool.translate_loc_from_full_to_swa(loc),
            )
        return self.token_to_kv_pool, loc
