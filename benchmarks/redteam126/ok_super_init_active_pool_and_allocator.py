"""Decode backend with explicit dependency injection through ``__init__``.

The base receives both the KV cache it reads and the allocator it reserves
decode slots from; the runner-facing subclass forwards the runner's members.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _InjectedDecodeBackend:
    def __init__(
        self,
        kv_pool: KVCache,
        allocator: BaseTokenToKVPoolAllocator,
        page_size: int = 1,
    ) -> None:
        self.kv_pool = kv_pool
        self.allocator = allocator
        self.page_size = page_size
        self._swa_pool: Optional[SWAKVPool] = kv_pool if isinstance(kv_pool, SWAKVPool) else None

    def reserve_decode_slots(self, batch_size: int) -> Optional[torch.Tensor]:
        out = self.allocator.alloc(batch_size)
        if out is None:
            logger.warning("decode slot reservation failed (bs=%d)", batch_size)
        return out

    def release_decode_slots(self, slots: torch.Tensor) -> None:
        self.allocator.free(slots)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self._swa_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend(_InjectedDecodeBackend):
    def __init__(self, model_runner, page_size: Optional[int] = None) -> None:
        super().__init__(
            kv_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            page_size=page_size or model_runner.page_size,
        )
        self.device = model_runner.device
