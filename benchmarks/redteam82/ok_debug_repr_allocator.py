"""Decode backend with a descriptive ``__repr__`` for debugging dumps.

The repr includes the allocator's own debug summary and free-token count so that
crash reports show the KV-cache state at the time of failure.
"""

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, name: str = "hybrid_decode"):
        self.name = name
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def __repr__(self) -> str:
        alloc_desc = type(self.allocator).__name__
        try:
            free_tokens = self.allocator.available_size()
        except Exception:  # pragma: no cover - best effort for debug output
            free_tokens = -1
        return (
            f"{type(self).__name__}(name={self.name!r}, allocator={alloc_desc}, "
            f"free_tokens={free_tokens}, swa={self.swa_pool is not None})"
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
