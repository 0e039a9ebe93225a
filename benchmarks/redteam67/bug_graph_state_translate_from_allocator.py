"""Decode backend with CUDA-graph capture buffers for sliding-window layers.

Construction resolves the SWA pool from the runner's own KV pool. The capture
path precomputes a full->SWA location translator so replay does not have to
branch on the pool type.
"""

import logging
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_bs: int = 160):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        pool = self.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.init_cuda_graph_state(model_runner, max_bs)

    def init_cuda_graph_state(self, model_runner, max_bs: int) -> None:
        self.cuda_graph_kv_indices = torch.zeros(max_bs, dtype=torch.int64)
        allocator = model_runner.token_to_kv_pool_allocator
        self._translate_loc: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self._translate_loc = allocator.translate_loc_from_full_to_swa
            logger.info("Captured SWA location translator (max_bs=%d)", max_bs)

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self._translate_loc is None:
            return loc
        return self._translate_loc(loc)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self._decode_locations(loc)
