"""Decode backend exposing KV usage statistics for the /metrics endpoint.

``kv_stats()`` returns a flat dict scraped by the tokenizer manager. The
sliding-window capacity reported there also tells the backend whether the
hybrid read path is active, so both stay in sync.
"""

from typing import Any, Dict, Optional

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner, metrics_prefix: str = "sglang:kv"):
        self.metrics_prefix = metrics_prefix
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._decode_steps = 0
        self._size_swa: Optional[int] = getattr(self.token_to_kv_pool_allocator, "size_swa", None)

    def kv_stats(self) -> Dict[str, Any]:
        alloc = self.token_to_kv_pool_allocator
        stats: Dict[str, Any] = {
            f"{self.metrics_prefix}_capacity_full": int(alloc.size_full),
            f"{self.metrics_prefix}_available": int(alloc.available_size()),
            f"{self.metrics_prefix}_page_size": int(alloc.page_size),
            f"{self.metrics_prefix}_decode_steps": self._decode_steps,
        }
        if self._size_swa is not None:
            stats[f"{self.metrics_prefix}_capacity_swa"] = int(self._size_swa)
        debug = alloc.debug_print()
        if debug:
            stats[f"{self.metrics_prefix}_debug"] = debug
        return stats

    def forward_decode(self, loc: torch.Tensor):
        self._decode_steps += 1
        kv_pool = self.token_to_kv_pool
        if self._size_swa is None:
            return kv_pool, loc
        return kv_pool, kv_pool.translate_loc_from_full_to_swa(loc)
