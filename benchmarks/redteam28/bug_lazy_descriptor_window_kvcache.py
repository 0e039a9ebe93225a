"""Backend using a small non-data descriptor that computes attributes once per instance."""

import logging
from typing import Callable, Generic, Optional, TypeVar

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

T = TypeVar("T")


class lazy_attr(Generic[T]):
    def __init__(self, fn: Callable[..., T]):
        self.fn = fn
        self.name = fn.__name__

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, instance, owner=None) -> T:
        if instance is None:
            return self
        value = self.fn(instance)
        instance.__dict__[self.name] = value
        return value


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size

    @lazy_attr
    def swa_pool(self) -> Optional[SWAKVPool]:
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @lazy_attr
    def num_swa_layers(self) -> int:
        return 0 if self.swa_pool is None else self.swa_pool.swa_layer_nums

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.model_runner.device
        )
        logger.debug("graph state: %d swa layers", self.num_swa_layers)

    def forward_decode(self, loc):
        pool = self.swa_pool
        if pool is None:
            return self.token_to_kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
