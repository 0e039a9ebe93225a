"""Decode backend caching a per-class hybrid check with lru_cache and binding a translator."""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@functools.lru_cache(maxsize=None)
def _is_hybrid_allocator_class(cls: type) -> bool:
    return issubclass(cls, SWATokenToKVPoolAllocator)


def _identity(loc):
    return loc


@dataclass
class DecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    translated: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._translate: Callable = _identity
        if _is_hybrid_allocator_class(type(allocator)):
            self._translate = functools.partial(allocator.translate_loc_from_full_to_swa)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DecodeMetadata(
            seq_lens=forward_batch.seq_lens,
            translated=self._translate(forward_batch.out_cache_loc),
        )

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._translate(loc)
