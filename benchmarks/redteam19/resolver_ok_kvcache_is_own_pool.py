"""Resolver that takes the allocator's SWA kvcache only when that kvcache is its own pool or the runner is a FROZEN_KV MTP draft, else None."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _may_read(kvcache, model_runner) -> bool:
    if kvcache is model_runner.token_to_kv_pool:
        return True
    # FROZEN_KV MTP drafts read the target's cache in place; every other draft owns its KV.
    return bool(model_runner.is_draft_worker) and model_runner.spec_algorithm.is_frozen_kv_mtp()


def _swa_pool_for(model_runner):
    allocator = model_runner.token_to_kv_pool_allocator
    kvcache = allocator.get_kvcache() if hasattr(allocator, "swa_attn_allocator") else None
    if not isinstance(kvcache, SWAKVPool):
        return None
    return kvcache if _may_read(kvcache, model_runner) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa = _swa_pool_for(model_runner)

    def forward_decode(self, loc):
        if self._swa is not None:
            return self._swa, self._swa.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
