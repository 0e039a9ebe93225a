from dataclasses import dataclass

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class _KVPolicy:
    is_draft: bool
    frozen_kv: bool

    @classmethod
    def of(cls, mr):
        return cls(bool(mr.is_draft_worker), mr.spec_algorithm.is_frozen_kv_mtp())

    @property
    def may_borrow_target_pool(self) -> bool:
        return not self.is_draft or self.frozen_kv


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.policy = _KVPolicy.of(model_runner)
        self._swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        if self._swa_pool is None and self.policy.may_borrow_target_pool:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self._swa_pool = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
