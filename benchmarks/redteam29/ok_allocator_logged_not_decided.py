"""Decode backend that reports the allocator kind for diagnostics and resolves SWA from the runner's pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _describe_allocator(allocator) -> str:
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return (
            f"hybrid(full={allocator.size_full}, swa={allocator.size_swa}, "
            f"free_swa={allocator.swa_available_size()})"
        )
    return f"{type(allocator).__name__}(size={allocator.size})"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.allocator_description = _describe_allocator(allocator)
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.swa_loc_buf: Optional[torch.Tensor] = None
        logger.info(
            "allocator %s; SWA translation %s",
            self.allocator_description,
            "on" if self.swa_kv_pool is not None else "off",
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.swa_kv_pool is not None:
            self.swa_loc_buf = torch.zeros(max_num_tokens, dtype=torch.int64)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
