"""Resolver driven by an enum of worker roles, each knowing where its SWA pool lives."""

import enum

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class WorkerRole(enum.Enum):
    TARGET = enum.auto()
    DRAFT = enum.auto()
    FROZEN_KV_DRAFT = enum.auto()

    @classmethod
    def of(cls, runner):
        if not runner.is_draft_worker:
            return cls.TARGET
        check = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
        return cls.FROZEN_KV_DRAFT if check is not None and check() else cls.DRAFT

    def shared_swa_pool(self, runner):
        if self is WorkerRole.DRAFT:
            return None
        cache = runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        return WorkerRole.of(model_runner).shared_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
