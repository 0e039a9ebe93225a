"""Backend that binds its draft policy into a generic SWA pool picker with functools.partial."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _pick_swa_pool(runner, *, allow_borrow: bool):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    if not allow_borrow:
        return None
    shared = runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
        picker = functools.partial(
            _pick_swa_pool, allow_borrow=not model_runner.is_draft_worker or frozen
        )
        self.swa_pool = picker(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
