"""Decode backend that detects when its runner shares a KV allocator.

Speculative draft workers reuse the target's token allocator. The backend
notices this (the allocator's backing cache is not the pool it reads) and
records it in ``self.shares_allocator`` so the memory report can avoid
double-counting the allocator's free tokens.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.allocator = allocator
        self.kv_pool = model_runner.token_to_kv_pool

        backing = allocator.get_kvcache()
        self.shares_allocator = backing is not self.kv_pool
        self.allocator_backing_is_swa = isinstance(backing, SWAKVPool)
        if self.shares_allocator:
            logger.info(
                "attention backend reads %s while allocator backs %s; "
                "free-token metrics are reported by the owning worker",
                type(self.kv_pool).__name__,
                type(backing).__name__,
            )

        self.swa_kv_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def memory_report(self) -> dict:
        report = {
            "pool": type(self.kv_pool).__name__,
            "swa": self.swa_kv_pool is not None,
            "shares_allocator": self.shares_allocator,
        }
        if not self.shares_allocator:
            report["available_size"] = self.allocator.available_size()
            if self.allocator_backing_is_swa:
                report["swa_available_size"] = self.allocator.swa_available_size()
        return report

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
