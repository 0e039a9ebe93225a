"""Hybrid SWA pool resolution for decode, compatible with pre-MTP spec enums.

Older ``SpeculativeAlgorithm`` values have no ``is_frozen_kv_mtp``; an
``AttributeError`` there means the draft cannot be a frozen-KV draft.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_frozen_kv_draft(model_runner) -> bool:
    try:
        return bool(model_runner.spec_algorithm.is_frozen_kv_mtp())
    except AttributeError:
        return False


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not _is_frozen_kv_draft(model_runner):
        logger.debug("draft keeps a private full-attention pool")
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_head: int = 32):
        super().__init__()
        self.num_head = num_head
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
