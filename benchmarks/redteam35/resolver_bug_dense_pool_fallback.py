"""Backend whose resolver falls back to the allocator when the active pool is dense."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if isinstance(active, MHATokenToKVPool):
        # A dense active pool on a hybrid model means the window layers are
        # served from the allocator's cache.
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int):
        if self.swa_pool is not None:
            self.cuda_graph_swa_loc = torch.zeros(max_bs, dtype=torch.int64)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
