"""Per-runner sliding-window lookup shared by the full and windowed attention backends.

A runner builds several backends (decode, extend, cuda-graph variants); they all look up the
sliding-window pool through this cache, keyed by the runner so that the target worker and the
draft worker each get the layout of their own KV cache.
"""

from __future__ import annotations

import logging
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_RUNNER_SWA_POOL: Dict[int, Optional[SWAKVPool]] = {}


def get_runner_swa_pool(model_runner) -> Optional[SWAKVPool]:
    key = id(model_runner)
    try:
        return _RUNNER_SWA_POOL[key]
    except KeyError:
        pool = model_runner.token_to_kv_pool
        swa_pool = pool if isinstance(pool, SWAKVPool) else None
        _RUNNER_SWA_POOL[key] = swa_pool
        logger.info(
            "runner %#x: swa=%s, allocator free=%d",
            key,
            swa_pool is not None,
            model_runner.token_to_kv_pool_allocator.available_size(),
        )
        return swa_pool


class FullAttnDecodeBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, loc


class WindowedAttnDecodeBackend(FullAttnDecodeBackend):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.swa_pool = get_runner_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        if get_runner_swa_pool(model_runner) is not None:
            self._impl = WindowedAttnDecodeBackend(model_runner)
        else:
            self._impl = FullAttnDecodeBackend(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self._impl.forward_decode(loc)
