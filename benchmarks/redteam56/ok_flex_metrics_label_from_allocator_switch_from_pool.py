"""FlexAttention backend port: per-step metrics tagged with the KV layout in use."""

import logging
import time
from collections import Counter

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.metrics = Counter()
        # Dashboards group by allocator, e.g. "SWATokenToKVPoolAllocator".
        self.kv_layout_label = type(self.allocator).__name__
        self.pool_label = type(self.kv_pool).__name__
        self.last_step_s = 0.0

    @property
    def hybrid_swa(self) -> bool:
        return self.pool_label.startswith("SWA")

    def record_step(self, num_tokens: int, started: float):
        self.metrics[f"decode_tokens/{self.kv_layout_label}"] += num_tokens
        self.last_step_s = time.perf_counter() - started

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)

    def _read_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if self.hybrid_swa:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def init_forward_metadata(self, forward_batch):
        self.decode_loc = self._read_loc(forward_batch.out_cache_loc)

    def forward_decode(self, loc):
        started = time.perf_counter()
        read_loc = self._read_loc(loc)
        self.record_step(int(loc.numel()), started)
        return self.kv_pool, read_loc
