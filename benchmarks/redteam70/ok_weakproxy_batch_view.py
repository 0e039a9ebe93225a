"""Lightweight per-step batch view for the hybrid sliding-window backend.

``DecodeBatchView`` holds a ``weakref.proxy`` to the model runner instead of
copying attributes out of it, so hot-swapped pools (e.g. after a memory
resize) are picked up automatically.
"""

from __future__ import annotations

import logging
import weakref
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeBatchView:
    __slots__ = ("_runner", "out_cache_loc")

    def __init__(self, model_runner, out_cache_loc: torch.Tensor):
        self._runner = weakref.proxy(model_runner)
        self.out_cache_loc = out_cache_loc

    @property
    def kv_pool(self):
        return self._runner.token_to_kv_pool

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    @property
    def free_kv_tokens(self) -> int:
        return self._runner.token_to_kv_pool_allocator.available_size()

    def read_target(self):
        swa = self.swa_pool
        if swa is None:
            return self.kv_pool, self.out_cache_loc
        return swa, swa.translate_loc_from_full_to_swa(self.out_cache_loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = False):
        self.model_runner = model_runner
        self.verbose = verbose

    def forward_decode(self, loc: torch.Tensor):
        view = DecodeBatchView(self.model_runner, loc)
        if self.verbose:
            logger.info("decode bs=%d free=%d", loc.numel(), view.free_kv_tokens)
        return view.read_target()
