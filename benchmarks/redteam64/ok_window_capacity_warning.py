"""Decode backend for sliding-window models with a window-capacity sanity check.

If the allocator's sliding-window budget cannot hold a full window for even one
request, every decode step will trigger SWA eviction; warn about it at startup so
users can raise ``--swa-full-tokens-ratio``.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _swa_budget_tokens(allocator) -> Optional[int]:
    size_swa = getattr(allocator, "size_swa", None)
    return int(size_swa) if size_swa is not None else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.model_config = model_runner.model_config
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        window = sliding_window_size or getattr(self.model_config, "sliding_window_size", None)
        self.sliding_window_size = window

        budget = _swa_budget_tokens(allocator)
        if budget is not None and window is not None and budget < window:
            logger.warning(
                "SWA token budget (%d) is smaller than the sliding window (%d); "
                "expect frequent window eviction. %s",
                budget,
                window,
                allocator.debug_print(),
            )

        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool: Optional[SWAKVPool] = self.token_to_kv_pool
        else:
            self.swa_kv_pool = None

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_kv_pool
        if pool is None:
            return self.token_to_kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
