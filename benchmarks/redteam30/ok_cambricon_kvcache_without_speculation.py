"""Cambricon attention backend; without speculative decoding the allocator's kvcache is ours."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _window_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.spec_algorithm.is_none():
        # No draft model in this process: the allocator serves exactly this pool.
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.window_pool = _window_pool(model_runner)
        self.window_loc_buf: Optional[torch.Tensor] = None
        logger.info(
            "Cambricon backend: spec=%s window_pool=%s",
            model_runner.spec_algorithm.name,
            type(self.window_pool).__name__ if self.window_pool is not None else None,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.window_pool is not None:
            self.window_loc_buf = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc):
        if self.window_pool is None:
            return self.kv_pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
