"""Resolver packaged as a descriptor that resolves the SWA pool once per backend instance."""

import operator

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_is_frozen = operator.methodcaller("is_frozen_kv_mtp")


class ResolvedSwaPool:
    def __set_name__(self, owner, name):
        self.slot = "_resolved_" + name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.slot not in vars(instance):
            vars(instance)[self.slot] = self.resolve(instance.model_runner)
        return vars(instance)[self.slot]

    @staticmethod
    def resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        try:
            frozen = _is_frozen(model_runner.spec_algorithm)
        except AttributeError:
            frozen = False
        if model_runner.is_draft_worker and not frozen:
            return None
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend:
    _swa_kv_pool = ResolvedSwaPool()

    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
