"""Module-level resolver helper shared by several backends."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    kv_pool = model_runner.token_to_kv_pool
    if isinstance(kv_pool, SWAKVPool):
        return kv_pool
    spec = model_runner.spec_algorithm
    reads_target_kv = hasattr(spec, "is_frozen_kv_mtp") and spec.is_frozen_kv_mtp()
    if not model_runner.is_draft_worker or reads_target_kv:
        allocator_kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(allocator_kv, SWAKVPool):
            return allocator_kv
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        swa = self._swa_kv_pool
        return (
            (swa, swa.translate_loc_from_full_to_swa(loc)) if swa else (self.token_to_kv_pool, loc)
        )
