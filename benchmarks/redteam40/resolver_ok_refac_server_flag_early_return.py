"""Backend whose resolver returns early when the server disabled hybrid SWA memory, then
follows the usual order: own window pool, draft guard, the shared allocator's pool."""

from __future__ import annotations

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        logger.info(
            "swa pool: %s",
            "none" if self._swa_kv_pool is None else type(self._swa_kv_pool).__name__,
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if model_runner.server_args.disable_hybrid_swa_memory:
            return None
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        try:
            frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
        except AttributeError:  # releases before FROZEN_KV MTP
            frozen = False
        if model_runner.is_draft_worker and not frozen:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
