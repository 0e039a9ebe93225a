"""Resolver that starts from the allocator's kvcache but accepts it only if it is the runner's own pool or the runner is a FROZEN_KV MTP draft."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = self._resolve(model_runner)

    @staticmethod
    def _resolve(mr):
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        if not isinstance(kv, SWAKVPool):
            return None
        if kv is mr.token_to_kv_pool:
            return kv
        frozen_draft = mr.is_draft_worker and mr.spec_algorithm.is_frozen_kv_mtp()
        if not frozen_draft:
            logger.debug("allocator's SWA pool belongs to another worker; not reading it")
            return None
        return kv

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
