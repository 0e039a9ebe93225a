"""Backend that resolves its sliding-window pool lazily on first decode and caches it."""

from functools import cached_property

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @cached_property
    def swa_kv_pool(self):
        runner = self.model_runner
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        owns_separate_pool = runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp()
        if owns_separate_pool:
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
