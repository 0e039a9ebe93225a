"""Attention backend that resolves its SWA pool, tolerating releases without FROZEN_KV MTP."""

import contextlib

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _may_borrow_target_pool(runner):
    with contextlib.suppress(AttributeError):
        return (
            not runner.is_draft_worker
            or runner.server_args.speculative_algorithm.is_frozen_kv_mtp()
        )
    return True  # no FROZEN_KV MTP on this release


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = None
        if isinstance(self.pool, SWAKVPool):
            self.swa_pool = self.pool
        elif _may_borrow_target_pool(model_runner):
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self.swa_pool = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
