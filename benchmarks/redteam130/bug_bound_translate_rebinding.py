"""Decode KV view that caches the location translator as a bound method.

``_rebind`` runs whenever the runner's pool changes identity. It stores the
pool handle and, when the token allocator maintains a full-to-window mapping,
the allocator's translator, so the decode hot path makes a single call.
"""

import logging
from typing import Callable, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

Translator = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner, device: Optional[str] = None):
        self.model_runner = model_runner
        self.device = device or model_runner.device
        self._pool: Optional[KVCache] = None
        self._translate: Optional[Translator] = None

    def _rebind(self) -> None:
        pool = self.model_runner.token_to_kv_pool
        if pool is self._pool:
            return
        self._pool = pool
        allocator = self.model_runner.token_to_kv_pool_allocator
        self._translate = getattr(allocator, "translate_loc_from_full_to_swa", None)
        logger.debug("decode view rebound (translate=%s)", self._translate is not None)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._rebind()
        if self._translate is not None:
            loc = self._translate(loc)
        return self._pool, loc
