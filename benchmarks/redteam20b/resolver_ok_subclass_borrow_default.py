"""Decode backend for the Gaudi port that inherits SWA pool resolution from a private base class."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _HybridWindowBackendBase:
    BORROW_TARGET_KV_FOR_DRAFT = True
    DEVICE_KIND = "cuda"

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)

    @classmethod
    def _may_borrow(cls, runner) -> bool:
        if not runner.is_draft_worker:
            return True
        return cls.BORROW_TARGET_KV_FOR_DRAFT or runner.spec_algorithm.is_frozen_kv_mtp()

    @classmethod
    def _resolve_swa_pool(cls, runner) -> Optional[SWAKVPool]:
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if not cls._may_borrow(runner):
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(_HybridWindowBackendBase):
    # Gaudi drafts keep their KV in the pool they were built with
    BORROW_TARGET_KV_FOR_DRAFT = False
    DEVICE_KIND = "hpu"
