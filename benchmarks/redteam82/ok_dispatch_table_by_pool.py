"""Table-driven KV layout dispatch for the decode backend.

The layout handler is chosen from the type of the KV pool the backend reads.
"""

from typing import Callable, Dict, Optional, Tuple, Type

import torch

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

LayoutFn = Callable[[object, torch.Tensor], Tuple[object, torch.Tensor]]


def _full_layout(pool, loc: torch.Tensor):
    return pool, loc


def _swa_layout(pool, loc: torch.Tensor):
    return pool, pool.translate_loc_from_full_to_swa(loc)


_LAYOUT_HANDLERS: Dict[Type, LayoutFn] = {
    SWAKVPool: _swa_layout,
    MHATokenToKVPool: _full_layout,
}


def _lookup(pool_type: Type) -> Optional[LayoutFn]:
    for klass in pool_type.__mro__:
        if klass in _LAYOUT_HANDLERS:
            return _LAYOUT_HANDLERS[klass]
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = False):
        self.kv_pool = model_runner.token_to_kv_pool
        handler = _lookup(type(self.kv_pool))
        if handler is None:
            if strict:
                raise NotImplementedError(f"no layout for {type(self.kv_pool).__name__}")
            handler = _full_layout
        self._layout = handler

    def forward_decode(self, loc: torch.Tensor):
        return self._layout(self.kv_pool, loc)
