"""Decode backend that exports sliding-window mapping stats per step.

The allocator owns the full->SWA index mapping tensor; its length is exported
as a step metric so capacity tuning can be done from the metrics endpoint.
"""

from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class StepMetrics:
    steps: int = 0
    tokens: int = 0
    extra: Dict[str, int] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        self.swa_mapping_len: Optional[int] = None if mapping is None else int(mapping.numel())
        self.has_swa_mapping = mapping is not None
        self.metrics = StepMetrics()
        if self.has_swa_mapping:
            self.metrics.extra["swa_mapping_len"] = self.swa_mapping_len

        self.pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self.pool if isinstance(self.pool, SWAKVPool) else None

    def _record(self, loc: torch.Tensor) -> None:
        self.metrics.steps += 1
        self.metrics.tokens += int(loc.numel())

    def forward_decode(self, loc: torch.Tensor):
        self._record(loc)
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
