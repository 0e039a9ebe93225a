"""Hybrid decode backend that resolves its SWA pool from a per-role policy table."""

import logging
from typing import Callable, Dict, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _runner_role(model_runner) -> str:
    if not model_runner.is_draft_worker:
        return "target"
    if model_runner.spec_algorithm.is_frozen_kv_mtp():
        return "frozen_draft"
    return "draft"


def _allocator_cache(model_runner) -> Optional[SWAKVPool]:
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


_FALLBACK: Dict[str, Callable[[object], Optional[SWAKVPool]]] = {
    "target": _allocator_cache,
    "frozen_draft": _allocator_cache,
    "draft": lambda model_runner: None,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.role = _runner_role(model_runner)
        if isinstance(self.pool, SWAKVPool):
            self.swa_pool: Optional[SWAKVPool] = self.pool
        else:
            self.swa_pool = _FALLBACK[self.role](model_runner)
        logger.info("role=%s swa_pool=%s", self.role, self.swa_pool is not None)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
