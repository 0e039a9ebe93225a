"""Decode backend whose SWA pool is resolved by a helper that inspects the backend's role."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class SWAPoolResolver:
    """Picks the SWA pool the backend reads (None: read the active pool as-is)."""

    def __init__(self, attn_backend, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.active = model_runner.token_to_kv_pool
        self.is_draft = getattr(attn_backend, "is_draft_worker", False)
        self.frozen_kv = getattr(attn_backend, "frozen_kv_mtp", False)
        self.swa_pool: Optional[SWAKVPool] = self._resolve()

    def _resolve(self) -> Optional[SWAKVPool]:
        if isinstance(self.active, SWAKVPool):
            return self.active
        if self.is_draft and not self.frozen_kv:
            return None
        kv = self.allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.frozen_kv_mtp = (
            getattr(model_runner, "spec_algorithm", None) == SpeculativeAlgorithm.FROZEN_KV_MTP
        )
        self.resolver = SWAPoolResolver(self, model_runner)
        self.is_draft_worker = bool(model_runner.is_draft_worker)
        logger.info(
            "draft=%s frozen_kv=%s swa=%s",
            self.is_draft_worker,
            self.frozen_kv_mtp,
            self.resolver.swa_pool is not None,
        )

    def forward_decode(self, loc):
        swa_pool = self.resolver.swa_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
