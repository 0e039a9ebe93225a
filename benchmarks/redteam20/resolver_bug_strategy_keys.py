"""Backend that chooses a pool-resolver strategy object from a string-keyed table at init."""

from typing import Dict, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _OwnPoolResolver:
    def resolve(self, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None


class _TargetPoolResolver(_OwnPoolResolver):
    def resolve(self, model_runner) -> Optional[SWAKVPool]:
        own = super().resolve(model_runner)
        if own is not None:
            return own
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None


_RESOLVERS: Dict[str, _OwnPoolResolver] = {
    "own": _OwnPoolResolver(),
    "target": _TargetPoolResolver(),
}


def _resolver_key(model_runner) -> str:
    reads_target_kv = (
        not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    return "own" if reads_target_kv else "target"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.resolver = _RESOLVERS[_resolver_key(model_runner)]
        self.swa_pool = self.resolver.resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
