"""Decode attention backend with sliding-window support.

This backend supports models that mix full attention layers with sliding
window attention (SWA) layers. For SWA layers, the KV cache locations handed
out for the full cache need to be mapped into the smaller SWA buffer.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Simple decode backend that handles both full and sliding window layers."""

    def __init__(self, model_runner, debug: bool = False):
        # Save the things we need from the model runner.
        self.model_runner = model_runner
        self.debug = debug
        self.device = model_runner.device

        # The KV pool that holds the actual key/value buffers.
        self.kv_pool: KVCache = self._get_kv_pool()

        # Figure out whether sliding window attention is turned on.
        self.use_sliding_window: bool = self._check_sliding_window_enabled()

        if self.debug:
            logger.info("use_sliding_window = %s", self.use_sliding_window)

    def _get_kv_pool(self) -> KVCache:
        """Return the KV pool of this runner."""
        kv_pool = self.model_runner.token_to_kv_pool
        if kv_pool is None:
            raise ValueError("model_runner.token_to_kv_pool must not be None")
        return kv_pool

    def _get_swa_size(self) -> Optional[int]:
        """Return the number of SWA slots, or None if there is no SWA cache."""
        allocator = self.model_runner.token_to_kv_pool_allocator
        if allocator is None:
            return None
        # Only the hybrid allocator has a separate SWA size.
        return getattr(allocator, "size_swa", None)

    def _check_sliding_window_enabled(self) -> bool:
        """Sliding window is on when there is a (non-empty) SWA cache."""
        swa_size = self._get_swa_size()
        if swa_size is None:
            return False
        if swa_size <= 0:
            return False
        return True

    def _translate_locations(self, loc: torch.Tensor) -> torch.Tensor:
        """Map full-cache locations to SWA-cache locations."""
        # Make sure we have a tensor before translating.
        if not isinstance(loc, torch.Tensor):
            loc = torch.as_tensor(loc, device=self.device)
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        """Return the pool to read from and the locations to read at."""
        if self.use_sliding_window:
            swa_loc = self._translate_locations(loc)
            if self.debug:
                logger.info("translated %s -> %s", loc.tolist(), swa_loc.tolist())
            return self.kv_pool, swa_loc
        # Full attention only: locations are used as-is.
        return self.kv_pool, loc
