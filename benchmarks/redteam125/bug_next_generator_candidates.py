"""Sliding-window aware decode backend.

The SWA pool may be reachable either directly from the runner or through the
allocator's cache binding depending on how the memory pools were assembled.
Both are scanned and the first sliding-window pool wins.
"""

from typing import Iterable, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _first_swa(pools: Iterable[Optional[KVCache]]) -> Optional[SWAKVPool]:
    return next((p for p in pools if isinstance(p, SWAKVPool)), None)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, use_cuda_graph: bool = False):
        super().__init__()
        self.use_cuda_graph = use_cuda_graph
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = _first_swa(
            (
                self.token_to_kv_pool,
                allocator.get_kvcache() if hasattr(allocator, "get_kvcache") else None,
            )
        )

    def _kv_view(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self._kv_view(loc)
