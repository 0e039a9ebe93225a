"""Resolver that classifies the KV layout and returns a status record.

``classify_kv_layout`` looks at the allocator class (the component that owns
the SWA budget) and returns the pool to attend over plus a status dict for
the ``/debug/attention`` endpoint.
"""

import logging
from typing import Any, Dict, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


def classify_kv_layout(model_runner) -> Tuple[KVCache, bool, Dict[str, Any]]:
    allocator = model_runner.token_to_kv_pool_allocator
    hybrid = isinstance(allocator, SWATokenToKVPoolAllocator)
    status: Dict[str, Any] = {
        "allocator": type(allocator).__name__,
        "hybrid": hybrid,
        "free_tokens": int(allocator.available_size()),
    }
    if hybrid:
        status["swa_free_tokens"] = int(allocator.swa_available_size())
    return model_runner.token_to_kv_pool, hybrid, status


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool, self.hybrid, self.layout_status = classify_kv_layout(model_runner)
        logger.info("attention kv layout: %s", self.layout_status)

    def get_status(self) -> Dict[str, Any]:
        return dict(self.layout_status)

    def forward_decode(self, loc: torch.Tensor):
        if not self.hybrid:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
