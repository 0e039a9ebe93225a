"""Decode backend translating via the allocator only when the pool it reads is the allocator's."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def update_sliding_window_buffer(kv_indices, token_to_kv_pool, token_to_kv_pool_allocator):
    """Translate ``kv_indices`` into the window pool of ``token_to_kv_pool``.

    The allocator's mapping is only valid for the pool the allocator manages; a draft that
    shares the allocator but owns another pool must not use it.
    """
    shares_kvcache = token_to_kv_pool is token_to_kv_pool_allocator.get_kvcache()
    if not isinstance(token_to_kv_pool, SWAKVPool):
        return kv_indices, False
    n = kv_indices.numel()
    if shares_kvcache:
        kv_indices[:n] = token_to_kv_pool_allocator.translate_loc_from_full_to_swa(kv_indices[:n])
    else:
        kv_indices[:n] = token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices[:n])
    return kv_indices, True


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.is_draft_worker = getattr(model_runner, "is_draft_worker", False)
        self.window_steps = 0

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        kv_indices, windowed = update_sliding_window_buffer(
            loc.clone(), self.token_to_kv_pool, self.token_to_kv_pool_allocator
        )
        if windowed:
            self.window_steps += 1
        return kv_indices

    def forward_decode(self, loc):
        kv_indices = self._kv_indices(loc)
        logger.debug("draft=%s window steps=%d", self.is_draft_worker, self.window_steps)
        return self.token_to_kv_pool, kv_indices
