"""Backend that classifies its runner's role and resolves the SWA pool that role may read."""

import enum

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _Role(enum.Enum):
    TARGET = enum.auto()
    DRAFT = enum.auto()
    FROZEN_KV_DRAFT = enum.auto()


def _role(mr) -> _Role:
    if not getattr(mr, "is_draft_worker", False):
        return _Role.TARGET
    is_frozen = getattr(mr.spec_algorithm, "is_frozen_kv_mtp", None)
    return _Role.FROZEN_KV_DRAFT if callable(is_frozen) and is_frozen() else _Role.DRAFT


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        role = _role(model_runner)
        if isinstance(self.pool, SWAKVPool):
            self.swa = self.pool
        elif role in {_Role.TARGET, _Role.FROZEN_KV_DRAFT}:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self.swa = kv if isinstance(kv, SWAKVPool) else None
        else:
            self.swa = None

    def forward_decode(self, loc):
        if self.swa is None:
            return self.pool, loc
        return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
