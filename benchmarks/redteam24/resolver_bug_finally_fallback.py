"""Attention backend whose SWA pool guard raises for draft runners that own their KV pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class DraftOwnsKVPool(Exception):
    """The runner is a regular draft: it must not read the target's KV pool."""


def _require_shared_kv(runner):
    if runner.is_draft_worker:
        try:
            frozen = runner.spec_algorithm.is_frozen_kv_mtp()
        except AttributeError:
            frozen = False
        if not frozen:
            raise DraftOwnsKVPool(type(runner.token_to_kv_pool).__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        try:
            _require_shared_kv(model_runner)
        except DraftOwnsKVPool:
            self.swa_pool = None
        finally:
            if self.swa_pool is None:
                kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
                self.swa_pool = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
