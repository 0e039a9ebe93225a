"""Decode backend that keys its SWA translation off the allocator's SWA free-count support."""

import logging
from typing import Any, Dict

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        # Hybrid allocators report SWA availability separately; that is also
        # when the KV layout has a second (sliding-window) index space.
        self._reports_swa_free = callable(
            getattr(self.token_to_kv_pool_allocator, "swa_available_size", None)
        )

    def get_stats(self) -> Dict[str, Any]:
        allocator = self.token_to_kv_pool_allocator
        stats: Dict[str, Any] = {
            "allocator": type(allocator).__name__,
            "available_tokens": int(allocator.available_size()),
        }
        if self._reports_swa_free:
            stats["swa_available_tokens"] = int(allocator.swa_available_size())
        return stats

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if not self._reports_swa_free:
            return loc
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("decode step, stats=%s", self.get_stats())
        return self.token_to_kv_pool, self._translate(loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)
        self.cuda_graph_max_bs = max_bs
