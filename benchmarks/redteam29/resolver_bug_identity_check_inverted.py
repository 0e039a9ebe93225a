"""Backend that decides whether it shares the target's KV by comparing its pool with the allocator's cache."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def shares_target_kv(model_runner) -> bool:
    """True when this runner attends over a cache it does not hold as its own pool."""
    allocator_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return allocator_cache is not model_runner.token_to_kv_pool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if not shares_target_kv(model_runner):
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.graph_swa_loc: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
