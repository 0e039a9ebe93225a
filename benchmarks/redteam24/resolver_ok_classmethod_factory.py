"""Attention backend that builds its SWA pool resolution with classmethod factories."""

from dataclasses import dataclass
from typing import Any, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class SWAResolution:
    pool: Optional[Any]
    source: str

    @classmethod
    def from_runner(cls, runner):
        own = runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return cls(own, "own")
        if getattr(runner, "is_draft_worker", False) and not cls._frozen_kv(runner):
            return cls(None, "draft-owns-pool")
        return cls.from_allocator(runner.token_to_kv_pool_allocator)

    @classmethod
    def from_allocator(cls, allocator):
        kv = allocator.get_kvcache()
        return cls(kv if isinstance(kv, SWAKVPool) else None, "allocator")

    @staticmethod
    def _frozen_kv(runner):
        probe = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
        return probe is not None and probe()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.resolution = SWAResolution.from_runner(model_runner)

    def forward_decode(self, loc):
        swa = self.resolution.pool
        if swa is None:
            return self.pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
