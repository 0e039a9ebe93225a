"""Sliding-window aware decode backend with a compact allocator status line.

Allocators that track a separate sliding-window free list expose
``swa_available_size``; when present it is appended to the periodic debug
line. Window handling itself follows the KV pool attached to the runner.
"""

import logging
import time

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_STATUS_INTERVAL_S = 30.0


class GeneratedAttnBackend:
    def __init__(self, model_runner, status_interval_s: float = _STATUS_INTERVAL_S):
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.kv_allocator = model_runner.token_to_kv_pool_allocator
        self.status_interval_s = status_interval_s
        self._last_status = 0.0
        self.is_sliding_window = isinstance(self.kv_pool, SWAKVPool)

    def _status_line(self) -> str:
        alloc = self.kv_allocator
        parts = [f"avail={alloc.available_size()}"]
        if hasattr(alloc, "swa_available_size"):
            parts.append(f"swa_avail={alloc.swa_available_size()}")
        parts.append(f"page={self.page_size}")
        return " ".join(parts)

    def _maybe_log_status(self) -> None:
        now = time.monotonic()
        if now - self._last_status >= self.status_interval_s:
            self._last_status = now
            logger.debug("[attn] %s", self._status_line())

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_log_status()
        if not self.is_sliding_window:
            return self.kv_pool, loc
        window_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, window_loc
