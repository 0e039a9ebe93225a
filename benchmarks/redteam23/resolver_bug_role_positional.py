"""Backend resolving its SWA pool from a small record of the runner's speculative role."""

from dataclasses import dataclass

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class _SpecRole:
    reads_target_kv: bool
    is_draft: bool

    @property
    def may_borrow(self) -> bool:
        return not self.is_draft or self.reads_target_kv


def _role_of(runner) -> _SpecRole:
    check = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
    frozen = bool(check()) if check is not None else False
    return _SpecRole(runner.is_draft_worker, frozen)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = None
        if isinstance(self.pool, SWAKVPool):
            self.swa_pool = self.pool
        elif _role_of(model_runner).may_borrow:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self.swa_pool = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
