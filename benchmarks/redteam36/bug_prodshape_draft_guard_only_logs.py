"""Decode backend that notes draft workers in its log while resolving the SWA pool."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = int(getattr(model_runner, "page_size", 1) or 1)
        self.swa_kv_pool: Optional[SWAKVPool] = None
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            self.swa_kv_pool = pool
        else:
            if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
                logger.info(
                    "draft worker with %s; checking the shared allocator for an SWA pool",
                    type(pool).__name__,
                )
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                self.swa_kv_pool = kvcache

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)
        self.cuda_graph_max_bs = max_bs
