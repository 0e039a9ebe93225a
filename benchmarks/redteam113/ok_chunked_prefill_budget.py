"""Chunked-prefill aware decode backend for hybrid sliding-window models.

Before each mixed step the scheduler asks the backend how many prefill
tokens it may schedule next to the running decodes. The answer is derived
from the allocator's free slot count rounded down to whole pages.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class ChunkBudget:
    free_tokens: int
    decode_reserve: int
    prefill_tokens: int


class GeneratedAttnBackend:
    def __init__(self, model_runner, chunked_prefill_size: Optional[int] = None):
        self.page_size = model_runner.page_size
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.chunked_prefill_size = chunked_prefill_size or 8192
        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.is_hybrid_swa = isinstance(pool, SWAKVPool)

    def _round_down_to_page(self, tokens: int) -> int:
        return (tokens // self.page_size) * self.page_size

    def plan_chunk(self, num_running_decodes: int) -> ChunkBudget:
        free = self.allocator.available_size()
        reserve = num_running_decodes * self.page_size
        budget = max(0, min(self.chunked_prefill_size, free - reserve))
        return ChunkBudget(
            free_tokens=free,
            decode_reserve=reserve,
            prefill_tokens=self._round_down_to_page(budget),
        )

    def forward_decode(self, loc: torch.Tensor):
        if not self.is_hybrid_swa:
            return self.kv_pool, loc
        swa_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, swa_loc
