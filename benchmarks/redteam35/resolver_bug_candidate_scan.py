"""Backend that scans the candidate KV pools for the first one with window layers."""

import logging
from typing import Iterator, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _candidate_pools(model_runner) -> Iterator[object]:
    yield model_runner.token_to_kv_pool
    yield model_runner.token_to_kv_pool_allocator.get_kvcache()


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    for pool in _candidate_pools(model_runner):
        if isinstance(pool, SWAKVPool):
            return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.is_draft_worker = model_runner.is_draft_worker
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        if self.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            logger.debug("draft worker: own KV pool %s", type(self.token_to_kv_pool).__name__)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int) -> None:
        self.cuda_graph_cache_loc = torch.zeros(max_bs, dtype=torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
