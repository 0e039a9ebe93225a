"""Backend whose SWA-pool resolver reads a misspelled draft flag via getattr and so always falls back to the allocator's pool."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_frozen_kv(model_runner) -> bool:
    check = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
    return bool(check is not None and check())


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._lookup_swa_pool(model_runner)
        logger.debug("swa pool resolved: %s", type(self.swa_kv_pool).__name__)

    def _lookup_swa_pool(self, model_runner):
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        # older runners predate the flag; treat them as targets
        drafting = getattr(model_runner, "is_draft", False)
        if drafting and not _is_frozen_kv(model_runner):
            return None
        pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc):
        pool = self.swa_kv_pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
