"""Resolver for the sliding-window cache used by speculative decode backends."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the hybrid pool this runner reads windowed layers from.

    EAGLE3 draft heads are built with their own single-layer cache and never
    share the target's windowed region.
    """
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_eagle3():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, mode: str = "decode"):
        self.mode = mode
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool(model_runner)
        self.page_size = model_runner.page_size
        logger.info(
            "backend init: mode=%s swa=%s page_size=%d",
            mode,
            self.swa_kv_pool is not None,
            self.page_size,
        )

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self._translate(loc)
