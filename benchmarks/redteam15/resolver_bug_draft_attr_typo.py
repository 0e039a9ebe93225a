"""Resolves the SWA pool, falling back to the allocator's kvcache unless getattr(runner, "is_draft") says it is a draft."""

import contextlib

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_pool = self.token_to_kv_pool
        elif not getattr(model_runner, "is_draft", False):
            # Wrapped pools (HiSparse, host offload) hide the hybrid pool behind the allocator.
            with contextlib.suppress(AttributeError):
                kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
                if isinstance(kv, SWAKVPool):
                    self.swa_pool = kv

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
