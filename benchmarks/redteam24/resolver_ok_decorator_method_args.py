"""Attention backend whose SWA pool resolver method is wrapped by a draft-worker guard decorator."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def skip_regular_draft(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        runner = args[0].runner
        if getattr(runner, "is_draft_worker", False):
            frozen = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)
            if not frozen():
                return None
        return fn(*args, **kwargs)

    return wrapper


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        own = self.pool if isinstance(self.pool, SWAKVPool) else None
        self.swa_pool = own or self._shared_swa_pool()

    @skip_regular_draft
    def _shared_swa_pool(self):
        kv = self.runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
