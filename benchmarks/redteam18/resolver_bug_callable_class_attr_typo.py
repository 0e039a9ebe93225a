"""Resolves the SWA pool with a callable class whose __init__ stores self.is_draft but whose __call__ reads the class default is_draft_worker = False, so a regular draft reaches the allocator's kvcache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SlidingWindowPoolLookup:
    is_draft_worker: bool = False
    reads_target_kv: bool = False

    def __init__(self, model_runner):
        self.runner = model_runner
        self.is_draft = bool(model_runner.is_draft_worker)
        self.reads_target_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()

    def __call__(self):
        own = self.runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if self.is_draft_worker and not self.reads_target_kv:
            return None
        kvcache = self.runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._lookup = _SlidingWindowPoolLookup(model_runner)
        self.swa_pool = self._lookup()

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
