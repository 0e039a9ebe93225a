"""Decode KV view with a lazily-resolved attention layout.

Layout is probed the first time it is needed and cached in ``self.layout``.
A layout change (``reconfigure``) resets the probe. The window layout is
detected by checking for the SWA capacity counter exposed by hybrid
allocators, then decode indexes the runner's KV pool through the
full-to-window mapping.
"""

from enum import IntEnum
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


class KVLayout(IntEnum):
    UNKNOWN = 0
    DENSE = 1
    SLIDING = 2


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: int = 1):
        self.model_runner = model_runner
        self.page_size = page_size or model_runner.page_size
        self.layout = KVLayout.UNKNOWN
        self.swa_capacity = 0

    def _probe_layout(self) -> KVLayout:
        if self.layout is not KVLayout.UNKNOWN:
            return self.layout
        allocator = self.model_runner.token_to_kv_pool_allocator
        if hasattr(allocator, "size_swa"):
            self.swa_capacity = int(allocator.size_swa)
            self.layout = KVLayout.SLIDING
        else:
            self.layout = KVLayout.DENSE
        return self.layout

    def reconfigure(self, page_size: int) -> None:
        self.page_size = page_size
        self.layout = KVLayout.UNKNOWN
        self.swa_capacity = 0

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.model_runner.token_to_kv_pool
        if self._probe_layout() is KVLayout.SLIDING:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
