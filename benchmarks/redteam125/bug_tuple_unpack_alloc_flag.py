"""Decode backend state for hybrid local/global attention.

``(pool, allocator)`` are captured together; whether the model runs in
sliding-window mode is derived from the allocator type since that is what the
scheduler configured when it sized the two index spaces.
"""

from dataclasses import dataclass, field
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


@dataclass
class _KVHandles:
    pool: KVCache
    allocator: object
    sliding: bool = field(init=False)

    def __post_init__(self):
        self.sliding = isinstance(self.allocator, SWATokenToKVPoolAllocator)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: int = 8):
        super().__init__()
        self.num_kv_splits = num_kv_splits
        pool, allocator = model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        self.handles = _KVHandles(pool, allocator)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool, sliding = self.handles.pool, self.handles.sliding
        return (pool, pool.translate_loc_from_full_to_swa(loc)) if sliding else (pool, loc)
