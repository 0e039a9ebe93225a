"""Decode backend for models with alternating global/local attention layers.

The composite cache type is inspected with ``issubclass`` so subclasses of the
SWA base (MLA/DSA window pools) are handled the same way.
"""

import logging

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class LocalGlobalLayout:
    def __init__(self, cache, local: bool):
        self.cache = cache
        self.local = local

    def resolve(self, loc: torch.Tensor) -> torch.Tensor:
        if self.local:
            return self.cache.translate_loc_from_full_to_swa(loc)
        return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_cuda_graph: bool = False):
        self.use_cuda_graph = use_cuda_graph
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        cache_cls = type(cache)
        if issubclass(cache_cls, BaseSWAKVPool):
            self.layout = LocalGlobalLayout(cache, local=True)
        else:
            self.layout = LocalGlobalLayout(model_runner.token_to_kv_pool, local=False)
        logger.info(
            "local/global backend: cache=%s local=%s cuda_graph=%s",
            cache_cls.__name__,
            self.layout.local,
            use_cuda_graph,
        )

    def forward_decode(self, loc):
        return self.layout.cache, self.layout.resolve(loc)
