"""Backend that resolves the SWA pool it reads, borrowing the target's only for FROZEN_KV drafts."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _borrows_target_kv(runner) -> bool:
    if not getattr(runner, "is_draft_worker", False):
        return True
    try:
        return bool(runner.spec_algorithm.is_frozen_kv_mtp())
    except AttributeError:  # releases without FROZEN_KV MTP
        return False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)

    def _resolve(self, runner):
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if not _borrows_target_kv(runner):
            return None
        kv = runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
