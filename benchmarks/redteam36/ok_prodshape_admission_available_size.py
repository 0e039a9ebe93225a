"""Decode backend that checks allocator headroom before a step and reads its own pool's SWA layout."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_SWA_POOL_NAMES = ("SWAKVPool",)


class KVCacheHeadroomError(RuntimeError):
    pass


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.reserve_tokens = 0
        pool_name = type(self.token_to_kv_pool).__name__
        self.swa_layout = pool_name in _SWA_POOL_NAMES
        self._last_free: Optional[int] = None

    def _check_headroom(self, num_tokens: int):
        free = int(self.token_to_kv_pool_allocator.available_size())
        self._last_free = free
        if free + num_tokens < self.reserve_tokens:
            raise KVCacheHeadroomError(
                f"{type(self.token_to_kv_pool_allocator).__name__}: "
                f"free={free} reserve={self.reserve_tokens}"
            )

    def forward_decode(self, loc: torch.Tensor):
        self._check_headroom(int(loc.numel()))
        if not self.swa_layout:
            return self.token_to_kv_pool, loc
        return (
            self.token_to_kv_pool,
            self.token_to_kv_pool.translate_loc_from_full_to_swa(loc),
        )
