"""Decode backend that tags its step counters with the KV allocator kind.

The allocator class name is folded into a short label so dashboards can split
decode throughput between hybrid-SWA and full-attention deployments.
"""

import collections
from typing import Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_ALLOCATOR_LABELS: Dict[str, str] = {
    "SWATokenToKVPoolAllocator": "hybrid_swa",
    "PagedTokenToKVPoolAllocator": "paged",
    "TokenToKVPoolAllocator": "token",
}


class GeneratedAttnBackend:
    def __init__(self, model_runner, worker_tag: str = "tp0"):
        self.worker_tag = worker_tag
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_label = _ALLOCATOR_LABELS.get(type(allocator).__name__, "other")
        self.window_pool = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.step_counter: Dict[str, int] = collections.Counter()

    def metrics(self) -> Dict[str, int]:
        return {f"{self.worker_tag}/{self.kv_label}/{k}": v for k, v in self.step_counter.items()}

    def forward_decode(self, loc: torch.Tensor):
        self.step_counter["decode_steps"] += 1
        self.step_counter["decode_tokens"] += int(loc.numel())
        if self.window_pool is not None:
            return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
