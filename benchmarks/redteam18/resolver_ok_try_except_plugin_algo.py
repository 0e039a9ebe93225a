"""Resolves the SWA pool; try/except/else/finally treats a plugin spec algorithm without is_frozen_kv_mtp as a draft that keeps its own KV."""

import logging
import time

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.is_draft_worker = bool(getattr(model_runner, "is_draft_worker", False))
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    def _resolve_swa_kv_pool(self, model_runner):
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool

        started = time.perf_counter()
        try:
            probe = model_runner.spec_algorithm.is_frozen_kv_mtp
        except AttributeError:
            # CustomSpecAlgo from an old plugin: it has no FROZEN_KV notion and
            # never reads the target's KV.
            reads_target_kv = False
        else:
            reads_target_kv = bool(probe())
        finally:
            logger.debug("spec probe took %.3f ms", 1e3 * (time.perf_counter() - started))

        if self.is_draft_worker and not reads_target_kv:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        swa_pool = self._swa_kv_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
