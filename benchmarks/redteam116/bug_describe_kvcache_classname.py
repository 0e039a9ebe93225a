"""Attention backend with a textual ``describe()`` for startup logs.

``describe()`` names the KV cache class registered with the allocator; the
decode path checks the same description for the sliding-window variant.
"""

import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_description: bool = True):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        if log_description:
            logger.info(self.describe())

    def describe(self) -> str:
        alloc = self.token_to_kv_pool_allocator
        cache_cls = type(alloc.get_kvcache()).__name__
        return (
            f"kv_cache={cache_cls} allocator={type(alloc).__name__} free={alloc.available_size()}"
        )

    def __str__(self) -> str:
        return f"{type(self).__name__}[{self.describe()}]"

    def _uses_sliding_window(self) -> bool:
        return "kv_cache=SWA" in self.describe()

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if self._uses_sliding_window():
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
