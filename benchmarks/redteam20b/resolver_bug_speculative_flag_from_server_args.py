"""Decode backend that borrows the target's SWA pool only when speculative decoding looks disabled."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _PoolResolver:
    @staticmethod
    def speculation_disabled(runner) -> bool:
        return getattr(runner.server_args, "speculative_algorithm", None) is None

    @classmethod
    def resolve(cls, runner) -> Optional[SWAKVPool]:
        pool = runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if not cls.speculation_disabled(runner):
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = _PoolResolver.resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
