"""Wave-attention decode backend: hybrid SWA support.

The sliding-window path is enabled when the KV allocator reports a non-zero
sliding-window capacity; K/V are then read from the runner's pool at SWA indices.
"""

import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_kv_splits: int = 16):
        self.max_kv_splits = max_kv_splits
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        swa_capacity = getattr(allocator, "size_swa", 0)
        self.sliding_window_enabled = bool(swa_capacity)
        if self.sliding_window_enabled:
            logger.info("Wave backend: sliding-window capacity=%d tokens", swa_capacity)

    def get_num_kv_splits(self, seq_len: int) -> int:
        return max(1, min(self.max_kv_splits, seq_len // 256))

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if not self.sliding_window_enabled:
            return pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
