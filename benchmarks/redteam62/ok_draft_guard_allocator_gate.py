"""Decode backend that takes the hybrid-cache path from the shared allocator, except on
speculative draft runners that keep their own KV pool."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


def _owns_separate_pool(model_runner) -> bool:
    """Draft runners (other than frozen-KV MTP) allocate their own KV pool."""
    if not getattr(model_runner, "is_draft_worker", False):
        return False
    return not model_runner.spec_algorithm.is_frozen_kv_mtp()


class GeneratedAttnBackend:
    """Full or hybrid decode; draft runners with their own pool stay on full ids."""

    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.hybrid = isinstance(allocator, SWATokenToKVPoolAllocator) and not _owns_separate_pool(
            model_runner
        )
        if self.hybrid:
            # Target (or frozen-KV MTP): the allocator's cache is the one we read.
            self.kv_pool = allocator.get_kvcache()
        logger.info("decode backend hybrid=%s", self.hybrid)

    def forward_decode(self, loc: torch.Tensor):
        if self.hybrid:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def describe(self) -> str:
        return f"{type(self).__name__}(pool={type(self.kv_pool).__name__}, hybrid={self.hybrid})"
