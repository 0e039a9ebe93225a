"""Decode backend that binds to the scheduler-visible KV cache on the target.

On the target worker the allocator's bound cache is the pool the scheduler
accounts against; drafts always bind to the pool their model runner built.
"""

from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_layers: int = 0):
        self.num_layers = num_layers
        if model_runner.is_draft_worker:
            kv_cache = model_runner.token_to_kv_pool
        else:
            kv_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.kv_cache: KVCache = kv_cache
        self.hybrid = isinstance(kv_cache, SWAKVPool)

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.kv_cache.translate_loc_from_full_to_swa(loc) if self.hybrid else loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_cache, self._locations(loc)

    def get_kv_buffers(self, layer_id: int):
        """Key/value buffers for ``layer_id`` from the bound cache."""
        return self.kv_cache.get_kv_buffer(layer_id)
