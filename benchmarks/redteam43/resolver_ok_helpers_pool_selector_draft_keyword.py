"""Decode backend; a pool selector decides, from keyword flags, which SWA pool the layer reads."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class HybridPoolSelector:
    """Selects the SWA pool for a worker; drafts with their own pool never borrow the target's."""

    def __init__(self, allocator, *, draft: bool, frozen_kv_mtp: bool = False):
        self.allocator = allocator
        self.draft = draft
        self.frozen_kv_mtp = frozen_kv_mtp

    def select(self, active_pool) -> Optional[SWAKVPool]:
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if self.draft and not self.frozen_kv_mtp:
            return None
        kv = self.allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def describe(self) -> str:
        return f"draft={self.draft} frozen_kv_mtp={self.frozen_kv_mtp} swa_free={self.allocator.swa_available_size()}"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        algo = getattr(model_runner, "spec_algorithm", None)
        is_frozen = getattr(algo, "is_frozen_kv_mtp", None)
        selector = HybridPoolSelector(
            model_runner.token_to_kv_pool_allocator,
            draft=getattr(model_runner, "is_draft_worker", False),
            frozen_kv_mtp=bool(is_frozen and is_frozen()),
        )
        self.swa_pool = selector.select(self.token_to_kv_pool)
        logger.info("pool selector: %s", selector.describe())

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
