"""Backend that swaps in the shared pool inside a view, only for a frozen-KV draft."""

import contextlib

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool

    @contextlib.contextmanager
    def _active_pool(self):
        runner = self.runner
        is_frozen = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)
        if runner.is_draft_worker and is_frozen():
            yield runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            yield self.kv_pool

    def forward_decode(self, loc):
        with self._active_pool() as pool:
            if isinstance(pool, SWAKVPool):
                return pool, pool.translate_loc_from_full_to_swa(loc)
            return pool, loc
