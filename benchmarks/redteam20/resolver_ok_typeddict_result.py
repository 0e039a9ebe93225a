"""Backend whose resolver returns a TypedDict naming the sliding-window pool and where it came from."""

from typing import Optional, TypedDict

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _Resolution(TypedDict):
    pool: Optional[SWAKVPool]
    origin: str


def _resolve(model_runner) -> _Resolution:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return {"pool": model_runner.token_to_kv_pool, "origin": "active"}
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return {"pool": None, "origin": "draft"}
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kv, SWAKVPool):
        return {"pool": kv, "origin": "allocator"}
    return {"pool": None, "origin": "none"}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.resolution = _resolve(model_runner)

    def forward_decode(self, loc):
        swa_pool = self.resolution["pool"]
        if swa_pool is None:
            return self.pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
