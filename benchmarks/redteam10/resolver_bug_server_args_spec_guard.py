"""Resolver guarding the fallback on the server's speculative algorithm setting."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.server_args = model_runner.server_args
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    def _resolve_swa_kv_pool(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        algo = (self.server_args.speculative_algorithm or "").upper()
        if algo and algo != "FROZEN_KV_MTP":
            logger.info("speculative %s draft: no SWA pool", algo)
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        pool = self.swa_kv_pool
        if pool is None:
            return self.token_to_kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
