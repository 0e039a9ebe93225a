"""Resolver that binds the draft flag positionally with functools.partial into the frozen_kv slot of its share predicate."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _may_share_target_kv(frozen_kv, is_draft):
    """Targets and FROZEN_KV MTP drafts may read the target's pool; regular drafts may not."""
    return frozen_kv or not is_draft


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = self._resolve(model_runner)

    def _resolve(self, mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        may_share = functools.partial(_may_share_target_kv, mr.is_draft_worker)
        if not may_share(mr.spec_algorithm.is_frozen_kv_mtp()):
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
