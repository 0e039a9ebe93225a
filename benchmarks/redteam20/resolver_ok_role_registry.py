"""Backend that maps the runner's role to a pool resolver through a string-keyed registry."""

from typing import Callable, Dict, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _role(model_runner) -> str:
    if not model_runner.is_draft_worker:
        return "target"
    if model_runner.spec_algorithm.is_frozen_kv_mtp():
        return "frozen_kv_draft"
    return "draft"


def _active_only(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _active_or_shared(model_runner) -> Optional[SWAKVPool]:
    pool = _active_only(model_runner)
    if pool is not None:
        return pool
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


_RESOLVERS: Dict[str, Callable[..., Optional[SWAKVPool]]] = {
    "target": _active_or_shared,
    "frozen_kv_draft": _active_or_shared,
    "draft": _active_only,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        resolve = _RESOLVERS.get(_role(model_runner), _active_or_shared)
        self.swa_pool = resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
