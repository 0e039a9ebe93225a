"""Decode backend that resolves the sliding-window pool from the runner.

The pool the runner reads is preferred; when it is not a hybrid pool, the KV cache
registered with the token allocator is used, so that runners sharing an allocator
resolve to the same sliding-window pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        logger.debug("using allocator-registered SWA pool (draft=%s)", model_runner.is_draft_worker)
        return shared
    return None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
