"""Decode backend that optionally records allocator headroom per step.

``track_headroom`` is stored on the instance; when enabled each decode step
appends the allocator's free-slot count to ``headroom_history``.
"""

from collections import deque
from typing import Deque, Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, track_headroom: bool = True, history: int = 64):
        self.allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.track_headroom = track_headroom
        self.headroom_history: Deque[int] = deque(maxlen=history)

    def _record_headroom(self) -> None:
        try:
            self.headroom_history.append(int(self.allocator.available_size()))
        except Exception:
            pass

    def forward_decode(self, loc: torch.Tensor):
        if self.track_headroom:
            self._record_headroom()
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
