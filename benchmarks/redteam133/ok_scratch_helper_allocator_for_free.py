"""Decode backend with a scratch-slot helper for speculative tree verification.

``ScratchSlots`` holds the allocator so that temporary slots taken during verification
can be returned; the KV pool it was given decides how decode locations are mapped.
"""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class ScratchSlots:
    def __init__(self, kv_pool, allocator):
        self.kv_pool = kv_pool
        self.allocator = allocator
        self._pending: List[torch.Tensor] = []
        self.swa_pool: Optional[SWAKVPool] = kv_pool if isinstance(kv_pool, SWAKVPool) else None

    def hold(self, indices: torch.Tensor) -> None:
        self._pending.append(indices)

    def release(self) -> None:
        if not self._pending:
            return
        self.allocator.free(torch.cat(self._pending))
        self._pending.clear()

    def decode_locations(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return out_cache_loc
        return self.swa_pool.translate_loc_from_full_to_swa(out_cache_loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.scratch = ScratchSlots(
            model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        )

    def forward_decode(self, loc: torch.Tensor):
        self.scratch.release()
        return self.scratch.kv_pool, self.scratch.decode_locations(loc)
