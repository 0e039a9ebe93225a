"""Decode backend that looks up its kernel variant in tables keyed by KV object class."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

# Kernel variant per allocator class; anything else gets the dense kernel.
_KERNEL_BY_ALLOCATOR = {SWATokenToKVPoolAllocator: "window"}
# Short names for the allocator in logs and metrics labels.
_ALLOCATOR_LABEL = {SWATokenToKVPoolAllocator: "hybrid-swa"}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator

        self.kernel = _KERNEL_BY_ALLOCATOR.get(type(alloc), "dense")
        self.alloc_label = _ALLOCATOR_LABEL.get(type(alloc), "token")
        logger.info(
            "attention kernel=%s allocator=%s page_size=%d",
            self.kernel,
            self.alloc_label,
            self.page_size,
        )
        self.decode_workspace = torch.empty(0, dtype=torch.uint8, device=self.device)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )
        if self.kernel == "window":
            self.cuda_graph_window_indices = torch.zeros_like(self.cuda_graph_kv_indices)

    def forward_decode(self, loc):
        if self.kernel == "window":
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
