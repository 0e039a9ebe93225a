"""SWA pool resolver that keeps the drafts reading target KV in a module-level algorithm set."""

import logging
from typing import FrozenSet, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# Draft algorithms whose draft path reads the target's KV instead of its own.
_DRAFTS_READING_TARGET_KV: FrozenSet[SpeculativeAlgorithm] = frozenset(
    {SpeculativeAlgorithm.FROZEN_KV_MTP}
)


def _reads_target_kv(model_runner) -> bool:
    if not model_runner.is_draft_worker:
        return True
    return model_runner.spec_algorithm in _DRAFTS_READING_TARGET_KV


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if not _reads_target_kv(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        translated: torch.Tensor = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, translated
