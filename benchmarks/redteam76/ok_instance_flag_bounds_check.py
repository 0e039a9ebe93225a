"""Sliding-window decode backend with optional index validation.

Set ``SGLANG_SWA_VALIDATE_INDICES=1`` to assert that translated SWA indices
fall inside the SWA capacity reported by the allocator. Off by default.
"""

import os
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.validate_indices = os.environ.get("SGLANG_SWA_VALIDATE_INDICES", "0") == "1"
        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def _check(self, swa_loc: torch.Tensor) -> None:
        capacity = getattr(self.model_runner.token_to_kv_pool_allocator, "size_swa", None)
        if capacity is None or swa_loc.numel() == 0:
            return
        assert (
            int(swa_loc.max()) <= capacity + self.model_runner.page_size
        ), f"swa index {int(swa_loc.max())} exceeds capacity {capacity}"

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        if self.validate_indices:
            self._check(swa_loc)
        return self.swa_pool, swa_loc
