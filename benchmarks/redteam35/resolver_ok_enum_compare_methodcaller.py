"""Backend with an SWA resolver comparing the speculative algorithm by enum member."""

import logging
import operator
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def _is_regular_draft(model_runner) -> bool:
    if model_runner.is_draft_worker is not True:
        return False
    return model_runner.spec_algorithm != SpeculativeAlgorithm.FROZEN_KV_MTP


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "allocator %s, page_size=%d", allocator.__class__.__name__, allocator.page_size
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if _is_regular_draft(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        to_swa = operator.methodcaller("translate_loc_from_full_to_swa", loc)
        return self.swa_kv_pool, to_swa(self.swa_kv_pool)
