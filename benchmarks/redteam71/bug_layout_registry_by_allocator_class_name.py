"""Layout strategies for the paged decode kernel, registered by allocator class name.

Strategies are registered with ``@register_layout(<allocator class name>)`` so that out-of-tree
allocators can add a layout without patching the backend.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Type

import torch

logger = logging.getLogger(__name__)

_LAYOUTS: Dict[str, Type["KVLayout"]] = {}


def register_layout(*allocator_names: str) -> Callable[[Type["KVLayout"]], Type["KVLayout"]]:
    def deco(cls):
        for name in allocator_names:
            _LAYOUTS[name] = cls
        return cls

    return deco


class KVLayout:
    name = "full"

    def __init__(self, pool):
        self.pool = pool

    def locate(self, loc: torch.Tensor) -> torch.Tensor:
        return loc


@register_layout("SWATokenToKVPoolAllocator", "SWATokenToKVPoolAllocatorNPU")
class SlidingWindowLayout(KVLayout):
    name = "swa"

    def locate(self, loc: torch.Tensor) -> torch.Tensor:
        return self.pool.translate_loc_from_full_to_swa(loc)


def build_layout(model_runner) -> KVLayout:
    key = type(model_runner.token_to_kv_pool_allocator).__name__
    layout_cls = _LAYOUTS.get(key, KVLayout)
    logger.debug("allocator %s -> layout %s", key, layout_cls.name)
    return layout_cls(model_runner.token_to_kv_pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_paged_kernel: bool = True):
        self.use_paged_kernel = use_paged_kernel
        self.page_size = model_runner.page_size
        self.layout = build_layout(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.layout.pool, self.layout.locate(loc)
