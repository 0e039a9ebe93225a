"""Decode planning helpers for the hybrid-SWA Triton backend.

Each helper does one thing: ``_kv`` picks the cache, ``_swa_of`` narrows it,
``_plan`` combines them into the ``(pool, indices)`` pair the kernel consumes.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _kv(runner) -> KVCache:
    return runner.token_to_kv_pool


def _swa_of(kv: KVCache) -> Optional[SWAKVPool]:
    return kv if isinstance(kv, SWAKVPool) else None


def _plan(runner, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
    kv = _kv(runner)
    swa = _swa_of(kv)
    if swa is None:
        return kv, loc
    return swa, swa.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_head: int = 32):
        self.num_head = num_head
        self.model_runner = model_runner
        self.page_size = model_runner.page_size

    def forward_decode(self, loc: torch.Tensor):
        return _plan(self.model_runner, loc)
