"""Duck-typed hybrid detection for the decode-only backend.

Instead of importing the hybrid classes, the backend looks for the members a
hybrid allocator carries (window size and a dedicated window sub-allocator).
"""

from __future__ import annotations

import logging

import torch

logger = logging.getLogger(__name__)


def looks_hybrid(allocator) -> bool:
    return (
        hasattr(allocator, "size_swa")
        and hasattr(allocator, "swa_attn_allocator")
        and hasattr(allocator, "get_kvcache")
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_splits: int = 4):
        self.kv_splits = kv_splits
        allocator = model_runner.token_to_kv_pool_allocator
        self.hybrid = looks_hybrid(allocator)
        if self.hybrid:
            self.cache = allocator.get_kvcache()
            logger.info(
                "decode-only backend: hybrid cache, window tokens=%d",
                allocator.size_swa,
            )
        else:
            self.cache = model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        if not self.hybrid:
            return self.cache, loc
        window_loc = self.cache.translate_loc_from_full_to_swa(loc)
        return self.cache, window_loc
