"""A toy SGLang attention backend that resolves its SWA pool correctly (kvguard example).

This file is linted, never imported.  The SWA pool is taken from the *active* KV pool the
backend was built with; the allocator is consulted only as the documented fallback for
FROZEN_KV MTP draft workers, after the active-pool and draft-worker checks.
"""

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class ToyResolvedSWAAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker:
            spec = getattr(model_runner, "spec_algorithm", None)
            is_frozen_kv_mtp = getattr(spec, "is_frozen_kv_mtp", None)
            if not (is_frozen_kv_mtp is not None and is_frozen_kv_mtp()):
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _window_cache_loc(self, out_cache_loc):
        if self._swa_kv_pool is None:
            return out_cache_loc
        return self._swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)

    def init_forward_metadata(self, forward_batch):
        self.window_loc = self._window_cache_loc(forward_batch.out_cache_loc)
