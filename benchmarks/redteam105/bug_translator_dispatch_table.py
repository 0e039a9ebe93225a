"""Decode backend with a per-allocator location translator table.

New allocator families register a translator here instead of growing an if/elif
chain in ``forward_decode``. Allocators without an entry read full-pool indices.
"""

from typing import Callable, Dict, Tuple, Type

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

LocTranslator = Callable[[BaseTokenToKVPoolAllocator, torch.Tensor], torch.Tensor]

_LOC_TRANSLATORS: Dict[Type, LocTranslator] = {
    SWATokenToKVPoolAllocator: lambda alloc, loc: alloc.translate_loc_from_full_to_swa(loc),
}


def _lookup_translator(allocator) -> LocTranslator:
    for cls in type(allocator).__mro__:
        if cls in _LOC_TRANSLATORS:
            return _LOC_TRANSLATORS[cls]
    return lambda _alloc, loc: loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.req_to_token = model_runner.req_to_token_pool
        self.kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._translate = _lookup_translator(self._allocator)

    def get_kv_pool(self):
        return self.kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        return self.get_kv_pool(), self._translate(self._allocator, loc)
