from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _ActivePoolResolver:
    def resolve(self, runner):
        pool = runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        kv = runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None


class _DraftAwareResolver(_ActivePoolResolver):
    def resolve(self, runner):
        if self.owns_private_kv(runner) and isinstance(runner.token_to_kv_pool, SWAKVPool):
            return None
        return super().resolve(runner)

    @staticmethod
    def owns_private_kv(runner):
        probe = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
        return bool(runner.is_draft_worker) and not (probe and probe())


class GeneratedAttnBackend:
    resolver = _DraftAwareResolver()

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self.resolver.resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
