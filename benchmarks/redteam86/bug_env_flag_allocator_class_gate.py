"""Decode backend with an opt-out for sliding-window location translation.

Set ``SGLANG_DISABLE_SWA_TRANSLATE=1`` to read every layer from full-attention
locations (useful when bisecting accuracy issues on hybrid models).
"""

import os
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


def _env_flag(name: str, default: str = "0") -> bool:
    return os.environ.get(name, default).lower() in ("1", "true", "yes")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.disable_translate = _env_flag("SGLANG_DISABLE_SWA_TRANSLATE")
        self._translate_enabled = None

    def _decide(self) -> bool:
        if self.disable_translate:
            return False
        allocator = self.model_runner.token_to_kv_pool_allocator
        return isinstance(allocator, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self._translate_enabled is None:
            self._translate_enabled = self._decide()
        if self._translate_enabled:
            pool = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
