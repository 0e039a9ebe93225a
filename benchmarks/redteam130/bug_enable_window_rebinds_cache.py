"""Decode KV view with a runtime window toggle.

The constructor starts in full-attention mode against the runner's pool.
``enable_window`` is invoked at construction when ``window_on_init`` is set and
switches the view to the hybrid cache so decode reads SWA layers through the
compacted window index space.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_on_init: bool = True):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.full_pool: KVCache = model_runner.token_to_kv_pool
        self.window_pool: Optional[SWAKVPool] = None
        self._window = False
        if window_on_init:
            self.enable_window()

    def enable_window(self) -> None:
        hybrid = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(hybrid, SWAKVPool):
            self.window_pool = hybrid
            self._window = True

    def disable_window(self) -> None:
        self.window_pool = None
        self._window = False

    @property
    def window_enabled(self) -> bool:
        return self._window

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self._window:
            return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
        return self.full_pool, loc
