"""Functional decode helpers for sliding-window attention.

Kept as free functions so they can be reused by the CUDA-graph capture path.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def runner_pool(model_runner):
    return getattr(model_runner, "token_to_kv_pool")


def swa_view(pool) -> Optional[SWAKVPool]:
    return pool if isinstance(pool, BaseSWAKVPool) else None


def decode_locations(pool, loc: torch.Tensor) -> torch.Tensor:
    view = swa_view(pool)
    if view is None:
        return loc
    return SWAKVPool.translate_loc_from_full_to_swa(view, loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, causal: bool = True):
        self.causal = causal
        self._runner = model_runner

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        pool = runner_pool(self._runner)
        return pool, decode_locations(pool, loc)
