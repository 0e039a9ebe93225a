"""Resolves the SWA pool; the keep-local flag is assigned inside contextlib.suppress(KeyError) from a table that only lists FROZEN_KV_MTP, so for EAGLE the assignment is skipped and the default sends the draft to the allocator's kvcache."""

import contextlib

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

# Speculative algorithms whose draft reads the target model's KV directly.
_READS_TARGET_KV = {"FROZEN_KV_MTP": True}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._lookup_swa_pool(model_runner)

    def _lookup_swa_pool(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        keep_local = False
        with contextlib.suppress(KeyError):
            keep_local = (
                model_runner.is_draft_worker
                and not _READS_TARGET_KV[model_runner.spec_algorithm.name]
            )
        if keep_local:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
