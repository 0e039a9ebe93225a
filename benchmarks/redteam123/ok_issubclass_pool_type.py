"""Decode backend for models with alternating global/local attention layers.

The pool class is tested with ``issubclass`` once at init and cached, keeping the
per-step path free of type checks.
"""

import logging
from typing import Type

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


def is_window_pool_type(pool_cls: Type[KVCache]) -> bool:
    try:
        return issubclass(pool_cls, BaseSWAKVPool)
    except TypeError:
        return False


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_cuda_graph: bool = False):
        self.use_cuda_graph = use_cuda_graph
        self.pool = model_runner.token_to_kv_pool
        self.pool_cls = type(self.pool)
        self.local = is_window_pool_type(self.pool_cls)
        logger.info(
            "local/global backend: pool=%s local=%s cuda_graph=%s",
            self.pool_cls.__name__,
            self.local,
            use_cuda_graph,
        )

    def forward_decode(self, loc):
        if self.local:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
