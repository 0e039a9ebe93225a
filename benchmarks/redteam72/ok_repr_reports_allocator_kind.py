"""Windowed decode attention backend.

``__repr__`` reports the allocator and pool classes so that the backend line in
the server startup log shows which KV stack a worker ended up with (draft
workers share the target's allocator but keep their own pool).
"""

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, name: str = "windowed_decode"):
        self.name = name
        self.is_draft = bool(model_runner.is_draft_worker)
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.sliding_window = isinstance(self.pool, SWAKVPool)

    def __repr__(self) -> str:
        alloc_kind = type(self.allocator).__name__
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            alloc_kind += f"(full={self.allocator.size_full}, swa={self.allocator.size_swa})"
        return (
            f"{type(self).__name__}(name={self.name!r}, draft={self.is_draft}, "
            f"allocator={alloc_kind}, pool={type(self.pool).__name__}, "
            f"sliding_window={self.sliding_window})"
        )

    def forward_decode(self, loc: torch.Tensor):
        pool = self.pool
        if self.sliding_window:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
