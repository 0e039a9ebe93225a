"""Decode backend that picks its SWA pool from an ordered chain of candidate KV pools."""

import logging
from typing import Iterator, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _window_pool_candidates(runner) -> Iterator[object]:
    # The runner's own pool always comes first.
    yield runner.token_to_kv_pool
    if not runner.is_draft_worker or runner.spec_algorithm.is_frozen_kv_mtp():
        yield runner.token_to_kv_pool_allocator.get_kvcache()


def resolve_window_pool(runner) -> Optional[SWAKVPool]:
    return next(
        (kv for kv in _window_pool_candidates(runner) if isinstance(kv, SWAKVPool)),
        None,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        self.window_pool = resolve_window_pool(model_runner)
        alloc = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "window pool: %s (allocator %s, %d slots free)",
            type(self.window_pool).__name__,
            type(alloc).__name__,
            alloc.available_size(),
        )
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    def init_forward_metadata(self, forward_batch):
        if self.window_pool is not None:
            self.swa_out_cache_loc = self.window_pool.translate_loc_from_full_to_swa(
                forward_batch.out_cache_loc
            )

    def forward_decode(self, loc):
        if self.window_pool is None:
            return self.pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
