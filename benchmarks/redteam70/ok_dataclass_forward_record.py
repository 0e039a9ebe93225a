"""Per-step forward record for the hybrid sliding-window decode backend.

``SWAForwardRecord`` is a ForwardBatch-like record the backend fills in during
``init_forward_metadata`` and consumes in ``forward_decode``. It carries the
allocator for slot bookkeeping and the pool the kernels will read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class SWAForwardRecord:
    token_to_kv_pool: Any
    token_to_kv_pool_allocator: Any
    out_cache_loc: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None
    stats: dict = field(default_factory=dict)

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def fill(self, loc: torch.Tensor) -> "SWAForwardRecord":
        self.out_cache_loc = loc
        swa = self.swa_pool
        self.swa_out_cache_loc = (
            swa.translate_loc_from_full_to_swa(loc) if swa is not None else None
        )
        self.stats["free_tokens"] = self.token_to_kv_pool_allocator.available_size()
        self.stats["allocator"] = type(self.token_to_kv_pool_allocator).__name__
        return self


class GeneratedAttnBackend:
    def __init__(self, model_runner, keep_history: bool = False):
        self.model_runner = model_runner
        self.keep_history = keep_history
        self.history = []

    def init_forward_metadata(self, loc: torch.Tensor) -> SWAForwardRecord:
        record = SWAForwardRecord(
            token_to_kv_pool=self.model_runner.token_to_kv_pool,
            token_to_kv_pool_allocator=self.model_runner.token_to_kv_pool_allocator,
        )
        return record.fill(loc)

    def forward_decode(self, loc: torch.Tensor):
        record = self.init_forward_metadata(loc)
        if self.keep_history:
            self.history.append(record.stats)
        if record.swa_out_cache_loc is not None:
            return record.swa_pool, record.swa_out_cache_loc
        return record.token_to_kv_pool, record.out_cache_loc
