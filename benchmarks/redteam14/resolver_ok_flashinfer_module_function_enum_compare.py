"""FlashInfer-style backend using a module-level SWA-pool resolver that compares the spec algorithm to FROZEN_KV_MTP."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    frozen_kv = model_runner.spec_algorithm == SpeculativeAlgorithm.FROZEN_KV_MTP
    if model_runner.is_draft_worker and not frozen_kv:
        # EAGLE-like drafts own a full-only pool; the target's SWA mapping
        # does not describe it.
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
        self.num_wrappers = 2 if self.use_sliding_window_kv_pool else 1

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
