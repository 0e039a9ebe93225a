"""Decode backend whose KV source is selected by a config string.

``kv_source`` names one of the entries in ``KV_SOURCES``. The default reads the cache that the
token allocator manages, which is the cache every request's indices were allocated against.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

KV_SOURCES: Dict[str, Callable[[object], KVCache]] = {
    "allocator": lambda mr: mr.token_to_kv_pool_allocator.get_kvcache(),
    "runner": lambda mr: mr.token_to_kv_pool,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_source: str = "allocator"):
        if kv_source not in KV_SOURCES:
            raise ValueError(f"unknown kv_source {kv_source!r}; choose from {list(KV_SOURCES)}")
        self.kv_source = kv_source
        self.kv_pool = KV_SOURCES[kv_source](model_runner)
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)
        self.page_size = model_runner.page_size
        logger.info(
            "kv_source=%s pool=%s swa=%s", kv_source, type(self.kv_pool).__name__, self.is_swa
        )

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.is_swa:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._decode_locations(loc)
