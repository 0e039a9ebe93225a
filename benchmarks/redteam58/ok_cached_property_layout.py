"""Decode backend for hybrid sliding-window models with lazily resolved layout."""

from functools import cached_property

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.num_decode_steps = 0

    @property
    def allocator(self):
        return self.model_runner.token_to_kv_pool_allocator

    @property
    def kv_pool(self):
        return self.model_runner.token_to_kv_pool

    @cached_property
    def is_hybrid_swa(self) -> bool:
        return isinstance(self.kv_pool, SWAKVPool)

    @cached_property
    def reserved_tokens(self) -> int:
        # Tokens kept back for the next decode round across all running requests.
        page_size = getattr(self.allocator, "page_size", 1) or 1
        return max(page_size, self.allocator.size // 64)

    def can_run_decode(self, bs: int) -> bool:
        return self.allocator.available_size() >= bs + self.reserved_tokens

    def forward_decode(self, loc: torch.Tensor):
        self.num_decode_steps += 1
        if self.is_hybrid_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
