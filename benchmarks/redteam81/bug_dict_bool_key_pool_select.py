"""Decode backend selecting its KV view from a two-entry table keyed by hybrid mode."""

from typing import Dict

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_sliding_window_kv_pool: bool = True):
        allocator = model_runner.token_to_kv_pool_allocator
        hybrid = use_sliding_window_kv_pool and isinstance(allocator, SWATokenToKVPoolAllocator)
        views: Dict[bool, KVCache] = {
            True: allocator.get_kvcache(),
            False: model_runner.token_to_kv_pool,
        }
        self.pool, self.hybrid = views.get(hybrid, model_runner.token_to_kv_pool), hybrid

    def init_forward_metadata(self, forward_batch) -> None:
        self.forward_mode = getattr(forward_batch, "forward_mode", None)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    @property
    def kv_dtype(self) -> torch.dtype:
        return getattr(self.pool, "dtype", torch.bfloat16)

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, (self.pool.translate_loc_from_full_to_swa(loc) if self.hybrid else loc)
