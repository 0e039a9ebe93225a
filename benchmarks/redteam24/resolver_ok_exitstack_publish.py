"""Attention backend that publishes its resolved SWA pool from an ExitStack callback."""

import contextlib

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _frozen_kv_mtp(runner):
    with contextlib.suppress(AttributeError):
        return bool(runner.spec_algorithm.is_frozen_kv_mtp())
    return False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = None
        self._candidate = None
        self._resolve(model_runner)

    def _publish(self):
        self.swa_pool = self._candidate

    def _resolve(self, runner):
        with contextlib.ExitStack() as stack:
            stack.callback(self._publish)
            if isinstance(self.pool, SWAKVPool):
                self._candidate = self.pool
                return
            if runner.is_draft_worker and not _frozen_kv_mtp(runner):
                return
            kv = runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kv, SWAKVPool):
                self._candidate = kv

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
