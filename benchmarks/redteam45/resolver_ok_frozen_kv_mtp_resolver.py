"""FROZEN_KV MTP: resolve the SWA pool the draft layers read (the target's, frozen)."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def _is_frozen_kv_mtp(model_runner) -> bool:
    algo = getattr(model_runner, "spec_algorithm", None)
    return algo is not None and algo.is_frozen_kv_mtp()


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    """The SWA pool this worker's layers read, or None for a full-only reader."""
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not _is_frozen_kv_mtp(model_runner):
        # A regular draft owns its own full pool; the shared allocator is not its pool.
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.frozen = _is_frozen_kv_mtp(model_runner)
        algo = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        logger.info(
            "backend spec=%s frozen_kv=%s swa_pool=%s",
            algo.name,
            self.frozen,
            type(self.swa_pool).__name__ if self.swa_pool is not None else None,
        )

    def read_pool(self):
        return self.swa_pool if self.swa_pool is not None else self.token_to_kv_pool

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
