"""Allocator facade used as the backend's single KV entry point.

``TokenKVFacade`` forwards unknown attributes to the token allocator and adds
convenience accessors for the cache it manages, so the backend never needs to
reach into the model runner after construction.
"""

from __future__ import annotations

import logging
from typing import Any

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class TokenKVFacade:
    def __init__(self, allocator):
        self.__dict__["_allocator"] = allocator

    def __getattr__(self, name: str) -> Any:
        return getattr(self.__dict__["_allocator"], name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("TokenKVFacade attributes are read-only")

    @property
    def pool(self):
        return self.get_kvcache()

    @property
    def is_swa(self) -> bool:
        return isinstance(self.pool, SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_capacity: bool = True):
        self.kv = TokenKVFacade(model_runner.token_to_kv_pool_allocator)
        if log_capacity:
            logger.info("KV facade: %d tokens available", self.kv.available_size())

    def forward_decode(self, loc: torch.Tensor):
        pool = self.kv.pool
        if self.kv.is_swa:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
