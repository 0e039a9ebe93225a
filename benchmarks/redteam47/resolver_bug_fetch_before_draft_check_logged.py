"""Windowed-attention backend that logs which KV cache the shared allocator hands out."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner):
    """SWA pool for this runner: the active pool first, then the allocator's kvcache."""
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    allocator = model_runner.token_to_kv_pool_allocator
    kvcache = allocator.get_kvcache() if isinstance(allocator, SWATokenToKVPoolAllocator) else None
    spec = getattr(model_runner, "spec_algorithm", None)
    frozen = bool(
        spec is not None and hasattr(spec, "is_frozen_kv_mtp") and spec.is_frozen_kv_mtp()
    )
    if getattr(model_runner, "is_draft_worker", False) and not frozen:
        logger.info(
            "draft worker shares %s; kvcache is %s",
            type(allocator).__name__,
            type(kvcache).__name__,
        )
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self._decode_calls = 0

    @property
    def uses_sliding_window(self) -> bool:
        return self.swa_pool is not None

    def init_forward_metadata(self, batch_size: int) -> None:
        self._bs = min(batch_size, self.model_runner.max_running_requests)

    def forward_decode(self, loc: torch.Tensor):
        self._decode_calls += 1
        if not self.uses_sliding_window:
            return self.token_to_kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, swa_loc
