"""Resolver that packs the runner facts into a dataclass first."""

from dataclasses import dataclass
from typing import Any

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class RunnerFacts:
    active_pool: Any
    shared_cache: Any
    is_draft: bool = False
    frozen_kv: bool = False

    @classmethod
    def of(cls, runner):
        spec = runner.spec_algorithm
        return cls(
            runner.token_to_kv_pool,
            runner.token_to_kv_pool_allocator.get_kvcache(),
            frozen_kv=getattr(spec, "is_frozen_kv_mtp", lambda: False)(),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(RunnerFacts.of(model_runner))

    @staticmethod
    def _resolve_swa_kv_pool(facts):
        if isinstance(facts.active_pool, SWAKVPool):
            return facts.active_pool
        if facts.is_draft and not facts.frozen_kv:
            return None
        return facts.shared_cache if isinstance(facts.shared_cache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
