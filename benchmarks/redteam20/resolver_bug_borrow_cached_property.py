"""Backend that resolves its sliding-window pool lazily through two chained cached properties."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.pool = model_runner.token_to_kv_pool

    @functools.cached_property
    def _may_borrow(self) -> bool:
        runner = self._runner
        return not runner.is_draft_worker or not runner.spec_algorithm.is_frozen_kv_mtp()

    @functools.cached_property
    def swa_pool(self):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if not self._may_borrow:
            return None
        kv = self._runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        swa = self.swa_pool
        if swa is None:
            return self.pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
