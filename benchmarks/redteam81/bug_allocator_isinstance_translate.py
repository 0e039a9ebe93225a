"""Decode backend for hybrid SWA models using the allocator's index translation."""

import logging
from typing import Callable

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 256):
        self.max_bs = max_bs
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid = isinstance(allocator, SWATokenToKVPoolAllocator)
        self._to_swa: Callable[[torch.Tensor], torch.Tensor] = (
            allocator.translate_loc_from_full_to_swa if self.is_hybrid else (lambda x: x)
        )
        logger.info("decode backend: hybrid=%s max_bs=%d", self.is_hybrid, max_bs)

    def init_forward_metadata(self, forward_batch) -> None:
        self.bs = min(getattr(forward_batch, "batch_size", 0), self.max_bs)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def swa_write_loc(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        return self._to_swa(out_cache_loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self._to_swa(loc)
