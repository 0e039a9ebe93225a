"""Backend with window detection on the pool and free-slot metrics from the allocator."""

import logging
from dataclasses import dataclass, field

import torch

logger = logging.getLogger(__name__)


@dataclass
class KVMetrics:
    full_free: int = 0
    swa_free: int = -1
    history: list = field(default_factory=list)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.window = hasattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa")
        self.metrics = KVMetrics()
        self._track_swa_free = hasattr(self._allocator, "swa_available_size")

    def _record_metrics(self):
        self.metrics.full_free = self._allocator.available_size()
        if self._track_swa_free:
            self.metrics.swa_free = self._allocator.swa_available_size()
        self.metrics.history.append((self.metrics.full_free, self.metrics.swa_free))

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def reset_metrics(self) -> None:
        self.metrics = KVMetrics()

    def forward_decode(self, loc):
        self._record_metrics()
        if self.window:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
