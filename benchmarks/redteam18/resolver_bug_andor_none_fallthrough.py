"""Resolves the SWA pool with an or-chain whose regular-draft link evaluates to None, which is falsy, so the chain falls through to the allocator's kvcache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _as_swa(pool):
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)

    @staticmethod
    def _resolve(mr):
        frozen_kv = mr.spec_algorithm.is_frozen_kv_mtp()
        return (
            _as_swa(mr.token_to_kv_pool)
            # a regular draft stops here: it never reads the target's pool
            or (mr.is_draft_worker and not frozen_kv and None)
            or _as_swa(mr.token_to_kv_pool_allocator.get_kvcache())
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
