"""Table-driven KV layout dispatch for the decode backend.

Each allocator type maps to a layout handler; new allocator kinds only need an entry
in ``_LAYOUT_HANDLERS``.
"""

from typing import Callable, Dict, Tuple, Type

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

LayoutFn = Callable[["GeneratedAttnBackend", torch.Tensor], Tuple[object, torch.Tensor]]


def _full_layout(backend: "GeneratedAttnBackend", loc: torch.Tensor):
    return backend.kv_pool, loc


def _swa_layout(backend: "GeneratedAttnBackend", loc: torch.Tensor):
    pool = backend.kv_pool
    return pool, pool.translate_loc_from_full_to_swa(loc)


_LAYOUT_HANDLERS: Dict[Type, LayoutFn] = {
    SWATokenToKVPoolAllocator: _swa_layout,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner, layout_overrides: Dict[Type, LayoutFn] = None):
        handlers = dict(_LAYOUT_HANDLERS)
        if layout_overrides:
            handlers.update(layout_overrides)
        self.kv_pool = model_runner.token_to_kv_pool
        allocator_type = type(model_runner.token_to_kv_pool_allocator)
        self._layout = handlers.get(allocator_type, _full_layout)

    def forward_decode(self, loc: torch.Tensor):
        return self._layout(self, loc)
