"""Triton-style decode backend with sliding-window layer support.

``use_sliding_window_kv_pool`` is only enabled on workers that attend over the
hybrid cache (targets and FROZEN_KV_MTP drafts). KV buffers are taken from the
allocator's cache so that the backend and the scheduler agree on one pool object.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

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
        allocator = model_runner.token_to_kv_pool_allocator
        self.req_to_token = model_runner.req_to_token_pool.req_to_token

        self.use_sliding_window_kv_pool = isinstance(
            allocator, SWATokenToKVPoolAllocator
        ) and _attends_target_kv(model_runner)

        # One pool object for reads and writes; matches what the scheduler frees.
        self.token_to_kv_pool = allocator.get_kvcache()
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
