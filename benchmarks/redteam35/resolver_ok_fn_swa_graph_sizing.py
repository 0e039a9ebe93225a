"""Backend with a module-level SWA pool resolver and window-sized CUDA graph buffers."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    draft = model_runner.is_draft_worker
    frozen_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()
    if draft and not frozen_kv:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def window_token_budget(allocator) -> int:
    # Hybrid allocators track the window capacity separately from the full one.
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return allocator.size_swa
    return allocator.size


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.window_budget = window_token_budget(model_runner.token_to_kv_pool_allocator)
        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int):
        if self.swa_kv_pool is not None:
            n = min(max_bs, self.window_budget)
            self.cuda_graph_swa_loc = torch.zeros(n, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
