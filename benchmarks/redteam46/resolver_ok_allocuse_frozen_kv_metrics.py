"""Speculative-aware backend: resolves the SWA pool per role and exports allocator metrics."""

import logging
from dataclasses import dataclass, field

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


@dataclass
class RoleMetrics:
    role: str
    allocator_cls: str
    gauges: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._alloc = model_runner.token_to_kv_pool_allocator
        self.metrics = RoleMetrics(
            role="draft" if getattr(model_runner, "is_draft_worker", False) else "target",
            allocator_cls=type(self._alloc).__name__,
        )
        self._swa_pool = self._resolve(model_runner)
        self._export()

    def _resolve(self, mr):
        if hasattr(mr.token_to_kv_pool, "translate_loc_from_full_to_swa"):
            return mr.token_to_kv_pool
        frozen = mr.spec_algorithm == SpeculativeAlgorithm.FROZEN_KV_MTP
        if getattr(mr, "is_draft_worker", False) and not frozen:
            return None
        kv = self._alloc.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def _export(self) -> None:
        for name in ("available_size", "full_available_size", "swa_available_size"):
            fn = getattr(self._alloc, name, None)
            self.metrics.gauges[name] = int(fn()) if callable(fn) else -1
        logger.debug("metrics %s", self.metrics)

    def forward_decode(self, loc):
        self._export()
        if self._swa_pool is None:
            return self.pool, loc
        return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
