"""Windowed decode backend built on a shared base via class-attribute hooks.

The base class reads its pool from ``kv_owner_attr`` on the runner; the
sliding-window subclass overrides the hook to use the hybrid KV owner and
turns on location mapping.
"""

from __future__ import annotations

import logging
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class _DecodeBackendBase(AttentionBackend):
    kv_owner_attr: str = "token_to_kv_pool"
    maps_window_locations: bool = False

    def __init__(self, model_runner):
        super().__init__()
        owner = getattr(model_runner, self.kv_owner_attr)
        get_cache = getattr(owner, "get_kvcache", None)
        self.kv_pool: KVCache = get_cache() if callable(get_cache) else owner
        self._mapper = owner if self.maps_window_locations else None

    def _kernel_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if self._mapper is None:
            return loc
        return self._mapper.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._kernel_loc(loc)


class GeneratedAttnBackend(_DecodeBackendBase):
    """Sliding-window flavour of the shared decode backend."""

    kv_owner_attr = "token_to_kv_pool_allocator"
    maps_window_locations = True

    def __init__(self, model_runner, name: str = "swa"):
        super().__init__(model_runner)
        self.name = name
        logger.debug("%s backend reads %s", name, type(self.kv_pool).__name__)
