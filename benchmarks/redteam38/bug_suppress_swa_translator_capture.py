"""Attention backend that logs SWA free counters and captures the SWA translator, best effort."""

import contextlib
import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._step = 0
        self._log_every = 256
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        self._log_counters()

    def _log_counters(self):
        parts = [f"full_free={self.allocator.available_size()}"]
        # Plain allocators have no SWA side; skip that counter for them.
        with contextlib.suppress(AttributeError):
            parts.append(f"swa_free={self.allocator.swa_available_size()}")
            parts.append(f"swa_size={self.allocator.size_swa}")
            self._to_swa = self.allocator.translate_loc_from_full_to_swa
        logger.info("kv counters: %s", " ".join(parts))

    def get_kv_buffer(self, layer_id: int):
        return self.token_to_kv_pool.get_kv_buffer(layer_id)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        self._step += 1
        if self._step % self._log_every == 0:
            self._log_counters()
        if self._to_swa is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._to_swa(loc)
