"""AITER backend; which drafts may read the target's SWA cache is a policy table."""

import logging
from typing import FrozenSet, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# drafts that attend over the target's KV instead of keeping their own
_DRAFTS_READING_TARGET_KV: FrozenSet[SpeculativeAlgorithm] = frozenset(
    {SpeculativeAlgorithm.FROZEN_KV_MTP}
)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_bs = getattr(model_runner, "max_running_requests", 8) or 8
        self.runner = model_runner
        self.read_pool, self.swa_pool = self._pick_pools()
        self.kv_indices: Optional[torch.Tensor] = None
        logger.info(
            "aiter: reading %s (swa=%s)",
            type(self.read_pool).__name__,
            self.swa_pool is not None,
        )

    def _draft_reads_own_pool(self) -> bool:
        if not getattr(self.runner, "is_draft_worker", False):
            return False
        algo = getattr(self.runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        return algo not in _DRAFTS_READING_TARGET_KV

    def _pick_pools(self):
        active = self.runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active, active
        if self._draft_reads_own_pool():
            return active, None
        cache = self.runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            return cache, cache
        return active, None

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            self.kv_indices = self.swa_pool.translate_loc_from_full_to_swa(loc)
        else:
            self.kv_indices = loc

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.read_pool, self.kv_indices
