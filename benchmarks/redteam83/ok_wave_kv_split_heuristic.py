"""Wave (AMD) decode backend.

The number of KV splits is picked from the allocator's occupancy: a busy cache
means long sequences, which benefit from more splits.  The KV view comes from
the runner's pool.
"""

import math

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_kv_splits: int = 16):
        self.max_kv_splits = max_kv_splits
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_swa = isinstance(self.token_to_kv_pool, SWAKVPool)

    def _num_kv_splits(self) -> int:
        total = max(int(self.allocator.size), 1)
        used = total - int(self.allocator.available_size())
        frac = min(max(used / total, 0.0), 1.0)
        return max(1, min(self.max_kv_splits, int(math.ceil(frac * self.max_kv_splits))))

    def forward_decode(self, loc: torch.Tensor):
        self.num_kv_splits = self._num_kv_splits()
        pool = self.token_to_kv_pool
        return (pool, pool.translate_loc_from_full_to_swa(loc)) if self.use_swa else (pool, loc)
