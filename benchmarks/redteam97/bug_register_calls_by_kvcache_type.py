"""Pool adapters registered at import time.

``register_pool_adapter`` maps a KV cache class to the adapter that knows how
to index it during decode. The cache class is taken from the allocator, which
is the component that knows which cache it was sized for.
"""

import logging
from typing import Dict

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class PoolAdapter:
    def __init__(self, pool: KVCache):
        self.pool = pool

    def decode_view(self, loc: torch.Tensor):
        return self.pool, loc


class SWAPoolAdapter(PoolAdapter):
    def decode_view(self, loc: torch.Tensor):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


_ADAPTERS: Dict[type, type] = {}


def register_pool_adapter(pool_cls: type, adapter_cls: type) -> None:
    if pool_cls in _ADAPTERS:
        logger.warning("overriding adapter for %s", pool_cls.__name__)
    _ADAPTERS[pool_cls] = adapter_cls


register_pool_adapter(MHATokenToKVPool, PoolAdapter)
register_pool_adapter(SWAKVPool, SWAPoolAdapter)


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_cuda_graph: bool = False):
        self.use_cuda_graph = use_cuda_graph
        allocator = model_runner.token_to_kv_pool_allocator
        cache = allocator.get_kvcache()
        adapter_cls = _ADAPTERS.get(type(cache))
        if adapter_cls is None:
            adapter_cls = PoolAdapter
            cache = model_runner.token_to_kv_pool
        self.adapter = adapter_cls(cache)

    def forward_decode(self, loc: torch.Tensor):
        return self.adapter.decode_view(loc)
