"""Decode KV view that separates the mode decision from the buffer handle.

``_refresh_mode`` (called every step) derives the window flag from the runner's
active pool. The buffer handle ``_backing`` is captured once from the token
allocator's managed cache, which outlives pool wrappers installed for
memory-saver mode, and is reused by every step.
"""

from enum import Enum
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class Mode(str, Enum):
    FULL = "full"
    SWA = "swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner, initial_mode: Mode = Mode.FULL):
        self.model_runner = model_runner
        self.mode = initial_mode
        self._backing: KVCache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.transitions = []

    def _refresh_mode(self) -> None:
        active = self.model_runner.token_to_kv_pool
        mode = Mode.SWA if isinstance(active, SWAKVPool) else Mode.FULL
        if mode is not self.mode:
            self.transitions.append((self.mode, mode))
            self.mode = mode

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._refresh_mode()
        if self.mode is Mode.SWA:
            return self._backing, self._backing.translate_loc_from_full_to_swa(loc)
        return self._backing, loc
