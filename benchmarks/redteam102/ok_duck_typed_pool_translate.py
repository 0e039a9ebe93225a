"""Decode backend that detects sliding-window support by capability.

Rather than importing every hybrid pool class, we ask the pool this runner
reads whether it can map full-attention locations to sliding-window ones.
"""

import logging
from typing import Any, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


def _supports_swa_translation(pool: Any) -> bool:
    fn = getattr(pool, "translate_loc_from_full_to_swa", None)
    return callable(fn) and getattr(pool, "full_to_swa_index_mapping", None) is not None


class GeneratedAttnBackend:
    def __init__(self, model_runner, allow_swa: bool = True):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.sliding_window = allow_swa and _supports_swa_translation(self.kv_cache)
        logger.info(
            "decode backend: pool=%s allocator=%s sliding_window=%s",
            type(self.kv_cache).__name__,
            type(self.allocator).__name__,
            self.sliding_window,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.sliding_window:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
