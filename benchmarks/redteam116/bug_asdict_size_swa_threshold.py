"""Decode backend publishing a capacity record via ``dataclasses.asdict``.

The record captures full and sliding-window capacities so the capacity
planner can size CUDA graph buckets; a non-zero SWA capacity means the
sliding-window buffers are in play.
"""

import dataclasses
from dataclasses import dataclass
from typing import Any, Dict

import torch


@dataclass
class CapacityRecord:
    size_full: int
    size_swa: int
    free_tokens: int
    page_size: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self._record = self._build_record()

    def _build_record(self) -> CapacityRecord:
        alloc = self.allocator
        return CapacityRecord(
            size_full=int(alloc.size_full),
            size_swa=int(getattr(alloc, "size_swa", 0)),
            free_tokens=int(alloc.available_size()),
            page_size=self.page_size,
        )

    def capacity(self) -> Dict[str, Any]:
        self._record = self._build_record()
        return dataclasses.asdict(self._record)

    def forward_decode(self, loc: torch.Tensor):
        cap = self.capacity()
        if cap["size_swa"] > 0:
            return self.kv_pool, self.allocator.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
