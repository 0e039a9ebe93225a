"""CPU/GPU attention backend with a shared window-pool resolver.

On CUDA the resolver follows the speculative-decoding rules (a draft worker with its
own full-attention cache does not use a window pool). The CPU build has no draft
graph runner of its own, so it resolves the window pool straight from the token
allocator's cache.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.utils import cpu_has_amx_support

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    if torch.cuda.is_available():
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, use_amx: Optional[bool] = None):
        super().__init__()
        self.use_amx = cpu_has_amx_support() if use_amx is None else use_amx
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        logger.info("attn: amx=%s swa=%s", self.use_amx, self.swa_kv_pool is not None)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
