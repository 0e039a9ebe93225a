"""Attention backend that keeps its resolved SWA pool in a dataclass filled by __post_init__."""

from dataclasses import dataclass, field
from typing import Any, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class SWAView:
    runner: Any
    regular_draft: bool = False
    swa_pool: Optional[Any] = field(init=False, default=None)

    def __post_init__(self):
        own = self.runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            self.swa_pool = own
        elif not self.regular_draft:
            kv = self.runner.token_to_kv_pool_allocator.get_kvcache()
            self.swa_pool = kv if isinstance(kv, SWAKVPool) else None

    @classmethod
    def regular_draft_of(cls, runner):
        algo = runner.spec_algorithm
        frozen = hasattr(algo, "is_frozen_kv_mtp") and algo.is_frozen_kv_mtp()
        return runner.is_draft_worker and not frozen


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.view = SWAView(model_runner)

    def forward_decode(self, loc):
        swa = self.view.swa_pool
        if swa is None:
            return self.pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
