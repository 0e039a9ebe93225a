"""Backend whose SWA pool resolution tolerates releases that predate FROZEN_KV MTP."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _draft_reads_target_kv(model_runner) -> bool:
    try:
        return bool(model_runner.spec_algorithm.is_frozen_kv_mtp())
    except AttributeError:
        # Older SpeculativeAlgorithm has no FROZEN_KV MTP: every draft owns its KV.
        return False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve(model_runner)

    def _resolve(self, model_runner):
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if model_runner.is_draft_worker and not _draft_reads_target_kv(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
