"""KV layout registry for the paged decode backend.

Layouts register against the KV cache class they index. Lookup walks the MRO
of the pool this backend reads, so pool subclasses inherit their parent's
layout.
"""

import logging
from typing import Callable, Dict, Tuple, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_LAYOUT_REGISTRY: Dict[type, Type["KVLayout"]] = {}


def register_layout(pool_cls: type) -> Callable[[type], type]:
    def _wrap(layout_cls: type) -> type:
        _LAYOUT_REGISTRY[pool_cls] = layout_cls
        return layout_cls

    return _wrap


class KVLayout:
    name = "base"

    def __init__(self, pool: KVCache):
        self.pool = pool

    def resolve(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.pool, loc


@register_layout(KVCache)
class FullLayout(KVLayout):
    name = "full"


@register_layout(SWAKVPool)
class SlidingWindowLayout(KVLayout):
    name = "swa"

    def resolve(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


def lookup_layout(pool: KVCache) -> Type[KVLayout]:
    for klass in type(pool).__mro__:
        layout_cls = _LAYOUT_REGISTRY.get(klass)
        if layout_cls is not None:
            return layout_cls
    return FullLayout


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        pool = model_runner.token_to_kv_pool
        self.layout = lookup_layout(pool)(pool)
        logger.debug("paged decode backend using %s layout", self.layout.name)

    def forward_decode(self, loc: torch.Tensor):
        return self.layout.resolve(loc)
