"""Decode backend whose updater translates through the allocator behind a pool-derived flag."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAIndicesUpdater:
    """Translates full-pool indices for the SWA layers of a hybrid model.

    The allocator and the pool share one full->SWA mapping when the pool is the allocator's
    own kv cache, so the allocator can do the lookup once the pool says it is SWA.
    """

    def __init__(self, token_to_kv_pool_allocator, use_sliding_window_kv_pool: bool):
        self.token_to_kv_pool_allocator = token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = use_sliding_window_kv_pool
        self.calls = 0

    def call_begin_forward(self, kv_indices: torch.Tensor) -> torch.Tensor:
        self.calls += 1
        if not self.use_sliding_window_kv_pool:
            return kv_indices
        n = kv_indices.numel()
        out = kv_indices.clone()
        out[:n] = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(out[:n])
        return out


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        use_swa = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.updater = SWAIndicesUpdater(allocator, use_sliding_window_kv_pool=use_swa)
        self.is_draft = getattr(model_runner, "is_draft_worker", False)
        logger.info("decode updater: swa=%s draft=%s", use_swa, self.is_draft)

    def get_kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return self.updater.call_begin_forward(loc)

    def forward_decode(self, loc):
        kv_indices = self.get_kv_indices(loc)
        if self.updater.calls % 1000 == 0:
            logger.debug("decode step %d", self.updater.calls)
        return self.token_to_kv_pool, kv_indices
