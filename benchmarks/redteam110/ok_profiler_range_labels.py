"""Decode backend annotated with ``torch.profiler.record_function`` ranges.

Range labels carry the allocator family and current free-token count so that
traces captured with ``--enable-profile`` show which KV layout each worker's
decode was running against.
"""

import contextlib
import logging

import torch
from torch.profiler import record_function

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_profiling_ranges: bool = True):
        self.enable_profiling_ranges = enable_profiling_ranges
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.profile_prefix = "draft" if model_runner.is_draft_worker else "target"
        self.allocator_tag = type(self.allocator).__name__.replace("TokenToKVPoolAllocator", "")

    def _range(self, what: str):
        if not self.enable_profiling_ranges:
            return contextlib.nullcontext()
        label = (
            f"{self.profile_prefix}/{what}"
            f"[alloc={self.allocator_tag},free={self.allocator.available_size()}]"
        )
        return record_function(label)

    def forward_decode(self, loc: torch.Tensor):
        with self._range("prepare_kv_locations"):
            kv_cache = self.kv_cache
            if isinstance(kv_cache, SWAKVPool):
                locations = kv_cache.translate_loc_from_full_to_swa(loc)
            else:
                locations = loc
        return kv_cache, locations
