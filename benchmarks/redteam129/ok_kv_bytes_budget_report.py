"""Triton-style decode backend with a KV memory report at construction.

The allocator's cache is sized for scheduling diagnostics; the backend itself
always addresses the pool attached to its runner.
"""

import logging
from dataclasses import dataclass
from typing import Tuple, Union

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

GB = 1 << 30


def _total_bytes(size: Union[int, Tuple[int, int]]) -> int:
    if isinstance(size, tuple):
        return sum(size)
    return int(size)


@dataclass
class KVMemoryReport:
    allocator_cache_bytes: int
    local_pool_bytes: int

    def summary(self) -> str:
        return (
            f"allocator cache {self.allocator_cache_bytes / GB:.3f} GB, "
            f"local pool {self.local_pool_bytes / GB:.3f} GB"
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner, report_memory: bool = True):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        if report_memory:
            report = KVMemoryReport(
                allocator_cache_bytes=_total_bytes(allocator.get_kvcache().get_kv_size_bytes()),
                local_pool_bytes=_total_bytes(self.kv_pool.get_kv_size_bytes()),
            )
            logger.info("KV memory: %s", report.summary())

        self.is_swa = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        if self.is_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
