"""Backend whose resolver compares the speculative algorithm by its string form (plugin algorithms included)."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_SHARED_KV_ALGORITHMS = frozenset({"FROZEN_KV_MTP"})


def _algorithm_name(spec_algorithm) -> str:
    # Builtin members print as "SpeculativeAlgorithm.EAGLE"; plugin ones expose .name.
    name = getattr(spec_algorithm, "name", None) or str(spec_algorithm)
    return name.rsplit(".", 1)[-1].upper()


def reads_target_kv(model_runner) -> bool:
    if not model_runner.is_draft_worker:
        return True
    return _algorithm_name(model_runner.spec_algorithm) in _SHARED_KV_ALGORITHMS


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.algorithm = _algorithm_name(model_runner.spec_algorithm)
        self.swa_kv_pool = self.resolve_swa_kv_pool(model_runner)
        logger.info("algorithm=%s swa=%s", self.algorithm, self.swa_kv_pool is not None)

    @staticmethod
    def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if not reads_target_kv(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
