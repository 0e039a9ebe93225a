"""Triton decode backend with a cached full->SWA index mapping.

The mapping tensor is read from the allocator (which builds it) but is only used
when the pool this backend reads is itself a hybrid SWA pool.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 16):
        self.num_kv_splits = num_kv_splits
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.is_swa_pool = isinstance(self.kv_pool, SWAKVPool)
        self.full_to_swa: Optional[torch.Tensor] = None
        if self.is_swa_pool:
            allocator = model_runner.token_to_kv_pool_allocator
            self.full_to_swa = allocator.full_to_swa_index_mapping

    def _decode_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.full_to_swa is None:
            return loc
        return self.full_to_swa[loc]

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._decode_indices(loc)
