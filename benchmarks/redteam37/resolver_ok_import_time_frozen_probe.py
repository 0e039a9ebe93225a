"""SWA pool resolver staticmethod with a FROZEN_KV check that tolerates older spec enums."""

import contextlib
import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# FROZEN_KV_MTP only exists on newer sglang releases.
_HAS_FROZEN_KV_MTP = hasattr(SpeculativeAlgorithm, "FROZEN_KV_MTP")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _frozen_kv(model_runner) -> bool:
        if not _HAS_FROZEN_KV_MTP:
            return False
        frozen = False
        with contextlib.suppress(AttributeError):
            frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
        return frozen

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker and not GeneratedAttnBackend._frozen_kv(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
