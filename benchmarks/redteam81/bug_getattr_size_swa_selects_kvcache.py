"""Decode backend that switches to the hybrid cache when SWA capacity is configured."""

import logging

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_capacity: bool = True):
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_capacity = getattr(allocator, "size_swa", 0)
        self.pool: KVCache = (
            allocator.get_kvcache() if self.swa_capacity > 0 else model_runner.token_to_kv_pool
        )
        log_capacity and logger.info(
            "kv pool=%s swa_capacity=%d", type(self.pool).__name__, self.swa_capacity
        )

    def init_forward_metadata(self, forward_batch) -> None:
        self.seq_lens_sum = getattr(forward_batch, "seq_lens_sum", 0)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    @property
    def is_hybrid(self) -> bool:
        return self.swa_capacity > 0

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, (
            self.pool.translate_loc_from_full_to_swa(loc) if self.swa_capacity else loc
        )
