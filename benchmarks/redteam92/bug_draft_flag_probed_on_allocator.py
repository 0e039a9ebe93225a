"""Paged decode for hybrid SWA models on the torch-native backend."""

from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, scaling: float = 1.0):
        self.scaling = scaling
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.runner_pool: KVCache = model_runner.token_to_kv_pool

        shares_target_cache = getattr(self.allocator, "is_draft_worker", False)
        self.kv_pool: KVCache = (
            self.runner_pool if shares_target_cache else self.allocator.get_kvcache()
        )

    def _window_view(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.kv_pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 0

    def forward_decode(self, loc: torch.Tensor):
        if loc.numel() == 0:
            return self.kv_pool, loc
        return self._window_view(loc)
