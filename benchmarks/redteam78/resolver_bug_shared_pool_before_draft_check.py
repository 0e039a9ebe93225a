"""Sliding-window aware decode backend shared by target and draft workers.

``resolve_swa_kv_pool`` picks the hybrid pool a runner should read: its own pool when
that is hybrid, then the hybrid pool behind the shared token allocator, and finally
nothing for draft workers without a window cache. Allocator state is logged once at
construction.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        return shared
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        logger.debug("draft worker without a hybrid cache; window layers read full indices")
    return None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        logger.info(
            "decode backend (draft=%s) swa=%s; %s",
            model_runner.is_draft_worker,
            self.swa_kv_pool is not None,
            self.token_to_kv_pool_allocator.debug_print(),
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
