"""Backend factory for hybrid (full + sliding window) attention models.

The registry maps cache classes to attention backends; the cache class is read from the
token allocator, which is the single source of truth for how the KV cache was laid out.
"""

from __future__ import annotations

import logging
from typing import Dict, Type

import torch

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class MHADecodeBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, loc


class HybridSWADecodeBackend(MHADecodeBackend):
    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)


_BACKEND_REGISTRY: Dict[type, Type[MHADecodeBackend]] = {
    MHATokenToKVPool: MHADecodeBackend,
    SWAKVPool: HybridSWADecodeBackend,
}


def create_attn_backend(model_runner) -> MHADecodeBackend:
    cache_type = type(model_runner.token_to_kv_pool_allocator.get_kvcache())
    backend_cls = _BACKEND_REGISTRY.get(cache_type, MHADecodeBackend)
    logger.debug("cache=%s -> backend=%s", cache_type.__name__, backend_cls.__name__)
    return backend_cls(model_runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.backend = create_attn_backend(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.backend.forward_decode(loc)
