"""Decode backend with a defensive getattr-based runner role check before using the shared kvcache."""

import logging
from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class RunnerRole:
    is_draft: bool
    frozen_kv: bool

    @classmethod
    def of(cls, model_runner) -> "RunnerRole":
        spec = getattr(model_runner, "spec_algorithm", None)
        frozen = bool(spec is not None and spec.is_frozen_kv_mtp())
        return cls(is_draft=bool(getattr(model_runner, "is_draft", False)), frozen_kv=frozen)

    @property
    def owns_private_kv(self) -> bool:
        return self.is_draft and not self.frozen_kv


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.role = RunnerRole.of(model_runner)
        self.swa_kv_pool = self._resolve(model_runner)

    def _resolve(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if self.role.owns_private_kv:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
