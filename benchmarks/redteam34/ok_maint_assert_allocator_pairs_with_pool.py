"""Decode backend that asserts its allocator matches a hybrid pool before SWA decode."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _check_pairing(pool, allocator) -> None:
    if isinstance(pool, SWAKVPool):
        assert isinstance(
            allocator, SWATokenToKVPoolAllocator
        ), f"SWAKVPool needs SWATokenToKVPoolAllocator, got {type(allocator).__name__}"
        assert allocator.size_swa == pool.size_swa, "allocator and pool disagree on SWA size"
    elif isinstance(allocator, SWATokenToKVPoolAllocator):
        # Expected for EAGLE draft workers: shared allocator, own full pool.
        logger.debug("full pool %s behind an SWA allocator", type(pool).__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        _check_pairing(self.kv_pool, self.allocator)
        self.use_sliding_window = isinstance(self.kv_pool, SWAKVPool)
        self.cache_loc_buf = torch.zeros(
            model_runner.max_running_requests, dtype=torch.int64, device=model_runner.device
        )

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        if self.use_sliding_window:
            out_cache_loc = self.kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        self.cache_loc_buf[:bs].copy_(out_cache_loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if not self.use_sliding_window:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
