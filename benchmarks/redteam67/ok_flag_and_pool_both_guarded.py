"""Triton-style decode backend with sliding-window layer support.

``use_sliding_window_kv_pool`` and the buffer source are derived from the same
check: workers attending over the hybrid cache (targets and FROZEN_KV_MTP drafts)
read the allocator's cache; EAGLE drafts read their own pool.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _attends_target_kv(model_runner) -> bool:
    if not model_runner.is_draft_worker:
        return True
    return model_runner.spec_algorithm.is_frozen_kv_mtp()


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: int = 8):
        super().__init__()
        self.device = model_runner.device
        self.num_kv_splits = num_kv_splits
        self.req_to_token = model_runner.req_to_token_pool.req_to_token

        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        if not self.use_sliding_window_kv_pool and _attends_target_kv(model_runner):
            cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(cache, SWAKVPool):
                self.token_to_kv_pool = cache
                self.use_sliding_window_kv_pool = True
        logger.debug(
            "decode backend: swa=%s pool=%s",
            self.use_sliding_window_kv_pool,
            type(self.token_to_kv_pool).__name__,
        )

    def _kv_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window_kv_pool:
            return loc
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._kv_locations(loc)
