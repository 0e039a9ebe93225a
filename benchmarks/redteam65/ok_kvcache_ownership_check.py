"""FlashInfer decode backend that checks KV-cache ownership before SWA planning.

The allocator's KV cache is only used for sliding-window planning when it is
the same object as the runner's pool; otherwise the runner reads a pool the
allocator does not describe and decodes on full-pool indices.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _owned_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if kvcache is not pool:
        logger.info("runner pool differs from allocator cache; SWA planning disabled")
        return None
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class DecodePlan:
    def __init__(self, indptr: torch.Tensor, indices: torch.Tensor):
        self.indptr = indptr
        self.indices = indices


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, window_left: int = 2047):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _owned_swa_pool(model_runner)
        self.window_left = window_left
        self.decode_plans = {}

    def _plan(self, wrapper: str, loc: torch.Tensor) -> DecodePlan:
        indptr = torch.arange(loc.shape[0] + 1, dtype=torch.int32)
        plan = DecodePlan(indptr, loc)
        self.decode_plans[wrapper] = plan
        return plan

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self._plan("full", loc)
        if self.swa_kv_pool is not None:
            self._plan("swa", self.swa_kv_pool.translate_loc_from_full_to_swa(loc))

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        if self.window_left >= 0 and "swa" in self.decode_plans:
            return self.swa_kv_pool, self.decode_plans["swa"].indices
        return self.token_to_kv_pool, self.decode_plans["full"].indices
