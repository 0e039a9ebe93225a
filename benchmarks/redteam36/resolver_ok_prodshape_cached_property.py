"""Backend exposing its SWA pool as a cached property resolved from the runner."""

import functools
import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = int(getattr(model_runner, "page_size", 1) or 1)

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            # The draft's KV lives in its own pool, not in the target's.
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @functools.cached_property
    def full_to_swa_index_mapping(self) -> Optional[torch.Tensor]:
        pool = self.swa_kv_pool
        return None if pool is None else pool.full_to_swa_index_mapping

    def forward_decode(self, loc):
        pool = self.swa_kv_pool
        if pool is None:
            return self.token_to_kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)
        self.cuda_graph_max_bs = max_bs
