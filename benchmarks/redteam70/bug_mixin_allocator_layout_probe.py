"""Mixin that probes the KV layout for hybrid sliding-window backends.

``KVLayoutProbeMixin`` looks at the runner's allocator to determine whether
the model was set up with separate full/SWA regions and exposes the result as
``self.uses_sliding_window`` for the backend's dispatch.
"""

from __future__ import annotations

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class KVLayoutProbeMixin:
    uses_sliding_window: bool = False

    def _probe_kv_layout(self, model_runner) -> None:
        allocator = model_runner.token_to_kv_pool_allocator
        self.uses_sliding_window = isinstance(allocator, SWATokenToKVPoolAllocator)
        if self.uses_sliding_window:
            logger.info(
                "hybrid SWA layout: full=%d swa=%d", allocator.size_full, allocator.size_swa
            )


class GeneratedAttnBackend(KVLayoutProbeMixin):
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._probe_kv_layout(model_runner)

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.uses_sliding_window:
            return self.token_to_kv_pool, self._swa_locations(loc)
        return self.token_to_kv_pool, loc
