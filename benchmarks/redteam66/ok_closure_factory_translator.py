"""Decode backend built from small closures.

``make_loc_mapper`` returns a closure over the pool the kernels read; when the
pool has no translation hook (``getattr`` default) the mapper is the identity.
The allocator-facing callbacks stored on the instance are lambdas used only
for free-slot accounting.
"""

from __future__ import annotations

import logging
from typing import Callable, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

LocMapper = Callable[[torch.Tensor], torch.Tensor]


def make_loc_mapper(pool: KVCache, *, clamp_negative: bool = False) -> LocMapper:
    translate = getattr(pool, "translate_loc_from_full_to_swa", None)

    def _identity(loc: torch.Tensor) -> torch.Tensor:
        return loc

    def _windowed(loc: torch.Tensor) -> torch.Tensor:
        out = translate(loc)
        return out.clamp_min(0) if clamp_negative else out

    return _identity if translate is None else _windowed


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend whose location mapping is a precomputed closure."""

    def __init__(self, model_runner, clamp_negative: bool = False):
        super().__init__()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self._map_loc = make_loc_mapper(self.kv_pool, clamp_negative=clamp_negative)
        allocator = model_runner.token_to_kv_pool_allocator
        self._free_slots = lambda: allocator.available_size()
        self._describe = lambda: f"{type(allocator).__name__}[free={self._free_slots()}]"
        logger.debug("decode backend on %s", self._describe())

    @property
    def windowed(self) -> bool:
        return self._map_loc.__name__ == "_windowed"

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._map_loc(loc)
