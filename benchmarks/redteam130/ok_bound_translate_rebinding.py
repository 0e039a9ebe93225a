"""Decode KV view that caches the location translator as a bound method.

``_rebind`` stores the pool handle and, when it is hybrid, its
``translate_loc_from_full_to_swa`` bound method, so the decode hot path makes a
single call. ``_rebind`` re-runs whenever the runner's pool changes identity.
"""

from typing import Callable, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Translator = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner, device: Optional[str] = None):
        self.model_runner = model_runner
        self.device = device or model_runner.device
        self._pool: Optional[KVCache] = None
        self._read_pool: Optional[KVCache] = None
        self._translate: Optional[Translator] = None
        self.rebinds = 0

    def _rebind(self) -> None:
        pool = self.model_runner.token_to_kv_pool
        if pool is self._pool:
            return
        self._pool = pool
        if isinstance(pool, SWAKVPool):
            self._read_pool = pool
            self._translate = pool.translate_loc_from_full_to_swa
        else:
            self._read_pool = pool
            self._translate = None
        self.rebinds += 1

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._rebind()
        if self._translate is not None:
            loc = self._translate(loc)
        return self._read_pool, loc
