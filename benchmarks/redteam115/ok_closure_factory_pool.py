"""Decode backend built around a closure factory.

``make_decode_fn`` captures the runner's pool and returns the step function;
the allocator is captured separately, only to count decode slots in use.
"""

import logging
from typing import Callable, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

DecodeFn = Callable[[torch.Tensor], Tuple[KVCache, torch.Tensor]]


def make_decode_fn(pool: KVCache) -> DecodeFn:
    if isinstance(pool, SWAKVPool):
        translate = pool.translate_loc_from_full_to_swa
        return lambda loc: (pool, translate(loc))
    return lambda loc: (pool, loc)


def make_usage_probe(allocator) -> Callable[[], int]:
    total = allocator.size
    return lambda: total - allocator.available_size()


class GeneratedAttnBackend:
    def __init__(self, model_runner, trace: bool = False):
        self._step = make_decode_fn(model_runner.token_to_kv_pool)
        self._used = make_usage_probe(model_runner.token_to_kv_pool_allocator)
        self._trace = trace

    def forward_decode(self, loc: torch.Tensor):
        if self._trace:
            logger.debug("decode: %d tokens, %d kv slots in use", loc.numel(), self._used())
        return self._step(loc)
