"""Staged initialization for a hybrid-window decode backend.

The backend advances ``UNINITIALIZED -> INSPECTED -> BOUND`` on first use. Inspection
looks at the runner's KV pool; binding records the SWA view when one exists.
"""

import enum
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SetupStage(enum.IntEnum):
    UNINITIALIZED = 0
    INSPECTED = 1
    BOUND = 2


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.stage = SetupStage.UNINITIALIZED
        self._pool: Optional[KVCache] = None
        self._has_window = False
        self._swa_pool: Optional[SWAKVPool] = None

    def _inspect(self) -> None:
        self._pool = self.model_runner.token_to_kv_pool
        self._has_window = isinstance(self._pool, SWAKVPool)
        self.stage = SetupStage.INSPECTED

    def _bind(self) -> None:
        if self._has_window:
            self._swa_pool = self._pool
        self.stage = SetupStage.BOUND

    def _ensure_bound(self) -> None:
        if self.stage < SetupStage.INSPECTED:
            self._inspect()
        if self.stage < SetupStage.BOUND:
            self._bind()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._ensure_bound()
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self._pool, loc
