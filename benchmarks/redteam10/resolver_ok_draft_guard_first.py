"""Resolver that rules out the regular draft worker before anything else."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve(model_runner)

    def resolve(self, model_runner):
        draft = model_runner.is_draft_worker
        frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
        if draft and not frozen:
            # an EAGLE draft owns a full-only pool of its own
            pool = model_runner.token_to_kv_pool
            return pool if isinstance(pool, SWAKVPool) else None
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
