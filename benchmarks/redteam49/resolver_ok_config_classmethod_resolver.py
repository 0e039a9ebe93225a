"""Backend whose config classmethod resolves the SWA pool.

Resolution: the active pool if it is an SWAKVPool; None for a draft worker
that is not FROZEN_KV MTP (such a draft owns a full-only pool and must not read
the target's window region); otherwise the allocator's kvcache if hybrid.
"""

from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm


@dataclass(frozen=True)
class SWAConfig:
    swa_pool: Optional[SWAKVPool]
    full_tokens: int
    window_tokens: int

    @classmethod
    def from_runner(cls, server_args, model_config, pool, allocator, runner):
        del server_args, model_config
        return cls(
            swa_pool=cls._resolve(pool, allocator, runner),
            full_tokens=int(allocator.size),
            window_tokens=int(getattr(allocator, "size_swa", 0) or 0),
        )

    @staticmethod
    def _resolve(pool, allocator, runner) -> Optional[SWAKVPool]:
        if isinstance(pool, SWAKVPool):
            return pool
        is_draft = bool(getattr(runner, "is_draft_worker", False))
        algo = getattr(runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        frozen = algo == getattr(SpeculativeAlgorithm, "FROZEN_KV_MTP", None)
        if is_draft and not frozen:
            return None
        cache = allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.cfg = SWAConfig.from_runner(
            model_runner.server_args,
            model_runner.model_config,
            self.pool,
            model_runner.token_to_kv_pool_allocator,
            model_runner,
        )

    def forward_decode(self, loc):
        swa = self.cfg.swa_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
