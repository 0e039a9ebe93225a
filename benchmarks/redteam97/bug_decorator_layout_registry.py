"""KV layout registry for the paged decode backend.

Layouts register themselves against the allocator type that produces the
indices they understand; the backend resolves its layout once at construction.
"""

import logging
from typing import Callable, Dict, Tuple, Type

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

_LAYOUT_REGISTRY: Dict[type, Type["_KVLayout"]] = {}


def register_layout(allocator_cls: type) -> Callable[[type], type]:
    def _wrap(layout_cls: type) -> type:
        _LAYOUT_REGISTRY[allocator_cls] = layout_cls
        return layout_cls

    return _wrap


class _KVLayout:
    name = "base"

    def __init__(self, model_runner):
        self.model_runner = model_runner

    def resolve(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        raise NotImplementedError


@register_layout(BaseTokenToKVPoolAllocator)
class _FullLayout(_KVLayout):
    name = "full"

    def resolve(self, loc):
        return self.model_runner.token_to_kv_pool, loc


@register_layout(SWATokenToKVPoolAllocator)
class _SlidingWindowLayout(_KVLayout):
    name = "swa"

    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = self.allocator.get_kvcache()

    def resolve(self, loc):
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)


def lookup_layout(allocator) -> Type[_KVLayout]:
    return _LAYOUT_REGISTRY.get(type(allocator), _FullLayout)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.device = model_runner.device
        self.num_kv_splits = num_kv_splits
        layout_cls = lookup_layout(model_runner.token_to_kv_pool_allocator)
        self.layout = layout_cls(model_runner)
        logger.debug("paged decode backend using %s layout", self.layout.name)

    def forward_decode(self, loc: torch.Tensor):
        return self.layout.resolve(loc)
