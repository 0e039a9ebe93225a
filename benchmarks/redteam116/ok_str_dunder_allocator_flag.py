"""Triton-style decode backend whose ``__str__`` lists memory topology.

Both the allocator flavour and the pool flavour are printed because they can
legitimately disagree on speculative draft runners.
"""

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class DecodeMetadata:
    __slots__ = ("pool", "windowed")

    def __init__(self, pool, windowed: bool):
        self.pool = pool
        self.windowed = windowed


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = False):
        self.verbose = verbose
        self.allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        self.metadata = DecodeMetadata(pool=pool, windowed=isinstance(pool, SWAKVPool))
        self.allocator_is_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)

    def __str__(self) -> str:
        parts = [
            f"allocator_is_swa={self.allocator_is_swa}",
            f"pool_is_swa={self.metadata.windowed}",
        ]
        if self.verbose:
            parts.append(f"allocator_state=[{self.allocator.debug_print()}]")
        return f"<{type(self).__name__} " + " ".join(parts) + ">"

    def forward_decode(self, loc: torch.Tensor):
        meta = self.metadata
        if not meta.windowed:
            return meta.pool, loc
        return meta.pool, meta.pool.translate_loc_from_full_to_swa(loc)
