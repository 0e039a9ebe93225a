"""Decode backend exporting allocator free counts for the stats endpoint; pool decides SWA."""

import logging
from typing import Any, Dict

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        # Remember whether the allocator reports separate SWA availability, so
        # /get_server_info can show both numbers without probing every call.
        self._reports_swa_free = callable(
            getattr(self.token_to_kv_pool_allocator, "swa_available_size", None)
        )
        self.use_swa_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)

    def get_stats(self) -> Dict[str, Any]:
        allocator = self.token_to_kv_pool_allocator
        stats: Dict[str, Any] = {
            "allocator": type(allocator).__name__,
            "available_tokens": int(allocator.available_size()),
            "swa_kv_pool": self.use_swa_kv_pool,
        }
        if self._reports_swa_free:
            stats["swa_available_tokens"] = int(allocator.swa_available_size())
            stats["full_available_tokens"] = int(allocator.full_available_size())
        return stats

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.use_swa_kv_pool:
            return loc
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("decode step, stats=%s", self.get_stats())
        return self.token_to_kv_pool, self._translate(loc)
