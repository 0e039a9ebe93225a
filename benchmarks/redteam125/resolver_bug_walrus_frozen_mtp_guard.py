"""Sliding-window pool resolution for draft and target runners.

Draft runners may own a separate KV pool; the resolver below returns ``None``
for draft runners that do not carry sliding-window state and falls back to the
allocator's cache binding otherwise.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    if isinstance(pool := model_runner.token_to_kv_pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        super().__init__()
        self.speculative_num_steps = speculative_num_steps
        self.is_draft = model_runner.is_draft_worker
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.kv_pool, loc
        if self.is_draft:
            logger.debug("draft step over swa pool (%d steps)", self.speculative_num_steps)
        return swa, swa.translate_loc_from_full_to_swa(loc)
