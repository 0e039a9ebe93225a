"""Sliding-window decode backend with per-step capacity gauges.

``_resolve_window_pool`` decides which pool carries the sliding-window
layers for this runner by inspecting the pool the runner reads. Gauges for
full and SWA free slots are pulled from the allocator after each step.
"""

from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, sample_every: int = 16):
        self.runner = model_runner
        self.sample_every = max(1, sample_every)
        self._step = 0
        self.gauges: Dict[str, int] = {}
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.window_pool = self._resolve_window_pool()

    def _resolve_window_pool(self) -> Optional[SWAKVPool]:
        pool = self.runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        return None

    def _sample_gauges(self) -> None:
        alloc = self.runner.token_to_kv_pool_allocator
        self.gauges["available"] = int(alloc.available_size())
        full_free = getattr(alloc, "full_available_size", None)
        swa_free = getattr(alloc, "swa_available_size", None)
        if full_free is not None and swa_free is not None:
            self.gauges["full_available"] = int(full_free())
            self.gauges["swa_available"] = int(swa_free())

    def forward_decode(self, loc: torch.Tensor):
        self._step += 1
        if self._step % self.sample_every == 1:
            self._sample_gauges()
        if self.window_pool is None:
            return self.kv_pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
