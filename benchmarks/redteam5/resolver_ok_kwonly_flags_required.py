from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(
    token_to_kv_pool, token_to_kv_pool_allocator, *, is_draft_worker: bool, spec_algorithm
) -> Optional[SWAKVPool]:
    if isinstance(token_to_kv_pool, SWAKVPool):
        return token_to_kv_pool
    if is_draft_worker and not spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, **kwargs):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        kwargs.setdefault("spec_algorithm", model_runner.spec_algorithm)
        kwargs.setdefault("is_draft_worker", model_runner.is_draft_worker)
        self._swa_pool = resolve_swa_kv_pool(
            model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator, **kwargs
        )

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
