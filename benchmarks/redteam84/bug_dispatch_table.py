"""Decode backend that dispatches on the cache implementation through a lookup table.

New cache layouts register a decode-index handler in ``_DECODE_HANDLERS`` instead of adding
branches to ``forward_decode``.
"""

from __future__ import annotations

from typing import Callable, Dict, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

Handler = Callable[[object, torch.Tensor], Tuple[KVCache, torch.Tensor]]


def _full_handler(model_runner, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
    return model_runner.token_to_kv_pool, loc


def _swa_handler(model_runner, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
    allocator = model_runner.token_to_kv_pool_allocator
    return allocator.get_kvcache(), allocator.translate_loc_from_full_to_swa(loc)


_DECODE_HANDLERS: Dict[str, Handler] = {
    "TokenToKVPoolAllocator": _full_handler,
    "PagedTokenToKVPoolAllocator": _full_handler,
    "SWATokenToKVPoolAllocator": _swa_handler,
}


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        key = type(model_runner.token_to_kv_pool_allocator).__name__
        self._handler: Handler = _DECODE_HANDLERS.get(key, _full_handler)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._handler(self.model_runner, loc)
