"""Backend that asks a draft policy of staticmethods and a classmethod whether it may borrow the allocator's pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _DraftPolicy:
    @staticmethod
    def is_draft(model_runner) -> bool:
        return bool(getattr(model_runner, "is_draft", False))

    @staticmethod
    def is_frozen_kv(model_runner) -> bool:
        check = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
        return bool(check is not None and check())

    @classmethod
    def may_borrow_target_kv(cls, model_runner) -> bool:
        return not cls.is_draft(model_runner) or cls.is_frozen_kv(model_runner)


class GeneratedAttnBackend:
    policy = _DraftPolicy

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = None
        if isinstance(self.pool, SWAKVPool):
            self.swa_pool = self.pool
        elif self.policy.may_borrow_target_kv(model_runner):
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kv, SWAKVPool):
                self.swa_pool = kv

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
