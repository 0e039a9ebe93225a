"""Decode-side KV view for hybrid sliding-window models.

The backend re-checks the runner's active KV pool on every decode step via
``_refresh_mode``. The pool object can be swapped by memory-saver
release/resume, so the mode and the cached SWA handle are recomputed whenever
the identity of ``model_runner.token_to_kv_pool`` changes.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill

        self._seen_pool_id: Optional[int] = None
        self._active_pool: Optional[KVCache] = None
        self._swa_pool: Optional[SWAKVPool] = None
        self._use_window = False
        self._num_refreshes = 0
        self._refresh_mode()

    def _refresh_mode(self) -> None:
        pool = self.model_runner.token_to_kv_pool
        if id(pool) == self._seen_pool_id:
            return
        self._seen_pool_id = id(pool)
        self._active_pool = pool
        self._swa_pool = pool if isinstance(pool, SWAKVPool) else None
        self._use_window = self._swa_pool is not None
        self._num_refreshes += 1
        logger.debug(
            "decode mode refreshed (#%d): window=%s pool=%s",
            self._num_refreshes,
            self._use_window,
            type(pool).__name__,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._refresh_mode()
        if self._use_window:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self._active_pool, loc
