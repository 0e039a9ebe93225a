"""CUTLASS decode backend (MHA path).

``__repr__`` includes the allocator class so bug reports show which scheduler
memory layout was active.  The KV pool read here is the one owned by the runner.
"""

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_splits: int = 1):
        self.num_splits = num_splits
        allocator = model_runner.token_to_kv_pool_allocator
        self._alloc_kind = (
            "swa" if isinstance(allocator, SWATokenToKVPoolAllocator) else type(allocator).__name__
        )
        self.kv_pool = model_runner.token_to_kv_pool
        self.hybrid = isinstance(self.kv_pool, SWAKVPool)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(allocator={self._alloc_kind}, "
            f"pool={type(self.kv_pool).__name__}, hybrid={self.hybrid})"
        )

    def forward_decode(self, loc: torch.Tensor):
        if not self.hybrid:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
