"""Sliding-window decode switch for the XPU paged attention backend."""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_context_len: int = 32768):
        self.max_context_len = max_context_len
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.windowed_decode = (
            isinstance(allocator, SWATokenToKVPoolAllocator) and not model_runner.is_draft_worker
        )
        logger.debug("xpu backend windowed_decode=%s", self.windowed_decode)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def describe(self) -> str:
        mode = "windowed" if self.windowed_decode else "full"
        return f"XPUPagedBackend(mode={mode}, max_context_len={self.max_context_len})"

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.windowed_decode:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
