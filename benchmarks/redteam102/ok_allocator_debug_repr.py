"""Torch-native reference decode backend.

Intended for debugging numerics: ``repr(backend)`` includes the allocator's
own debug line so that a dump of the backend shows KV headroom at the moment
of failure.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, name: str = "torch_native_ref"):
        self.name = name
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool

    def __repr__(self) -> str:
        alloc = self._allocator
        alloc_line = alloc.debug_print() if hasattr(alloc, "debug_print") else ""
        return (
            f"{self.name}(pool={type(self.token_to_kv_pool).__name__}, "
            f"swa={self.swa_kv_pool is not None}, alloc={type(alloc).__name__} {alloc_line})"
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        locations = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, locations
