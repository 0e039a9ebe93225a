"""Triton-style decode backend that tolerates a full-only pool under a hybrid allocator.

Speculative draft workers can run with a full-attention pool while the shared
allocator is SWA-aware. That is a supported layout, but it is unusual enough that
we emit a one-time warning so it shows up in server logs.
"""

import warnings
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    _warned_layout = False

    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.is_draft = model_runner.is_draft_worker
        self.use_sliding_window_kv_pool = isinstance(self.kv_pool, SWAKVPool)
        self.check_invariants()

    def check_invariants(self) -> bool:
        hybrid_allocator = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        if hybrid_allocator and not self.use_sliding_window_kv_pool:
            if not GeneratedAttnBackend._warned_layout:
                warnings.warn(
                    f"SWA allocator paired with {type(self.kv_pool).__name__} "
                    f"(draft={self.is_draft}); using full-attention locations.",
                    RuntimeWarning,
                    stacklevel=2,
                )
                GeneratedAttnBackend._warned_layout = True
            return False
        return True

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.use_sliding_window_kv_pool:
            swa_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
            return self.kv_pool, swa_loc
        return self.kv_pool, loc
