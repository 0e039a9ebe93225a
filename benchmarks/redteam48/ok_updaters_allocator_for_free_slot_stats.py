"""Decode backend whose updater reports free slots from the allocator and translates via the pool."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeIndicesUpdater:
    def __init__(self, token_to_kv_pool, token_to_kv_pool_allocator, log_interval: int = 64):
        self.token_to_kv_pool = token_to_kv_pool
        # Only used for free-slot statistics; never for index translation.
        self.token_to_kv_pool_allocator = token_to_kv_pool_allocator
        self.log_interval = log_interval
        self.steps = 0

    def _free_slot_stats(self) -> dict:
        alloc = self.token_to_kv_pool_allocator
        stats = {"full": alloc.available_size()}
        swa_free = getattr(alloc, "swa_available_size", None)
        if callable(swa_free):
            stats["swa"] = swa_free()
        return stats

    def call_begin_forward(self, loc: torch.Tensor, use_sliding_window_kv_pool: bool):
        self.steps += 1
        if self.steps % self.log_interval == 1:
            logger.debug("free slots: %s", self._free_slot_stats())
        kv_indices = loc.clone()
        if use_sliding_window_kv_pool:
            n = kv_indices.numel()
            kv_indices[:n] = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices[:n])
        return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.updater = DecodeIndicesUpdater(
            self.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        )
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        kv_indices = self.updater.call_begin_forward(
            loc, use_sliding_window_kv_pool=self.use_sliding_window_kv_pool
        )
        return self.token_to_kv_pool, kv_indices
