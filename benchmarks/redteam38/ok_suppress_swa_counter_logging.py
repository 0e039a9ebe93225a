"""Attention backend that logs SWA free counters when the allocator has them, best effort."""

import contextlib
import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._step = 0
        self._log_every = 256
        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_pool = self.token_to_kv_pool
        self._log_counters()

    def _log_counters(self):
        parts = [f"full_free={self.allocator.available_size()}"]
        # Plain allocators have no SWA side; skip that counter for them.
        with contextlib.suppress(AttributeError):
            parts.append(f"swa_free={self.allocator.swa_available_size()}")
            parts.append(f"swa_size={self.allocator.size_swa}")
        logger.info("kv counters: %s", " ".join(parts))

    def get_kv_buffer(self, layer_id: int):
        pool = self.swa_pool or self.token_to_kv_pool
        return pool.get_kv_buffer(layer_id)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        self._step += 1
        if self._step % self._log_every == 0:
            self._log_counters()
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
