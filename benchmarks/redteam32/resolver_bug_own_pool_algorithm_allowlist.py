"""SWA pool resolver that lists the speculative algorithms whose drafts own their KV pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# Draft workers of these algorithms allocate and read a pool of their own.
_OWN_POOL_DRAFTS = (
    SpeculativeAlgorithm.STANDALONE,
    SpeculativeAlgorithm.NGRAM,
    SpeculativeAlgorithm.DFLASH,
)


def _owns_draft_pool(model_runner) -> bool:
    return bool(model_runner.is_draft_worker) and model_runner.spec_algorithm in _OWN_POOL_DRAFTS


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if _owns_draft_pool(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        swa_loc: torch.Tensor = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, swa_loc
