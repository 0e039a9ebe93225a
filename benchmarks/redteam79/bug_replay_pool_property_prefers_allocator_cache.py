"""Decode backend whose replay path reads the pool through a property.

``kv_pool`` prefers the cache registered with the token allocator (set once
the memory pools are finalized) and falls back to the runner's attribute for
runners whose allocator does not expose one.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.max_bs = max_bs
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None

    @property
    def kv_pool(self) -> KVCache:
        allocator = self.model_runner.token_to_kv_pool_allocator
        get_kvcache = getattr(allocator, "get_kvcache", None)
        cache = get_kvcache() if get_kvcache is not None else None
        return cache if cache is not None else self.model_runner.token_to_kv_pool

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata_replay_cuda_graph(self, bs: int, kv_indices: torch.Tensor):
        pool = self.kv_pool
        if isinstance(pool, SWAKVPool):
            kv_indices = pool.translate_loc_from_full_to_swa(kv_indices)
        self.cuda_graph_kv_indices[: kv_indices.numel()].copy_(kv_indices)
        return pool

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        if self.cuda_graph_kv_indices is None:
            self.init_cuda_graph_state(self.max_bs, max(self.max_bs, n))
        pool = self.init_forward_metadata_replay_cuda_graph(n, loc)
        return pool, self.cuda_graph_kv_indices[:n].clone()
