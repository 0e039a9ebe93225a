"""Decode backend that maps the runner's role to a KV source through a string-keyed registry."""

from typing import Callable, Dict, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _from_allocator(runner) -> Optional[SWAKVPool]:
    kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def _nothing(runner) -> Optional[SWAKVPool]:
    return None


_SWA_SOURCE_BY_ROLE: Dict[str, Callable] = {
    "target": _from_allocator,
    "frozen_kv_draft": _from_allocator,
}


def runner_role(runner) -> str:
    if not runner.is_draft_worker:
        return "target"
    if runner.spec_algorithm.is_frozen_kv_mtp():
        return "frozen_kv_draft"
    return "draft"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        if isinstance(self.pool, SWAKVPool):
            self.swa_pool = self.pool
        else:
            source = _SWA_SOURCE_BY_ROLE.get(runner_role(model_runner), _from_allocator)
            self.swa_pool = source(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
