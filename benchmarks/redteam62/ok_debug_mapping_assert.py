"""Hybrid sliding-window decode backend with an optional consistency check between the
allocator's full->SWA mapping and the one registered on the pool."""

import logging
import os

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_DEBUG_KV_MAPPING = os.environ.get("SGLANG_DEBUG_SWA_MAPPING", "1") == "1"


class GeneratedAttnBackend:
    """Translates decode locations to SWA ids on hybrid pools."""

    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.use_swa = isinstance(self.kv_pool, SWAKVPool)

    def _check_mapping(self, loc: torch.Tensor) -> None:
        if not isinstance(self.allocator, SWATokenToKVPoolAllocator):
            return
        if self.allocator.get_kvcache() is not self.kv_pool:
            # Pool owned by this runner (e.g. a draft); nothing to cross-check.
            return
        a = self.allocator.full_to_swa_index_mapping[loc]
        b = self.kv_pool.full_to_swa_index_mapping[loc]
        assert torch.equal(a, b), f"full->swa mapping diverged: {a.tolist()} vs {b.tolist()}"

    def forward_decode(self, loc: torch.Tensor):
        if _DEBUG_KV_MAPPING:
            self._check_mapping(loc)
        if self.use_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
