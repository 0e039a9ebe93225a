"""Backend that prefers the allocator's SWA cache and then applies the draft policy to its own pool."""

import contextlib

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa = self._resolve(model_runner)

    def _resolve(self, mr):
        shared = mr.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        frozen = False
        with contextlib.suppress(AttributeError):
            frozen = mr.spec_algorithm.is_frozen_kv_mtp()
        if mr.is_draft_worker and not frozen:
            return None
        return mr.token_to_kv_pool if isinstance(mr.token_to_kv_pool, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa is None:
            return self.pool, loc
        return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
