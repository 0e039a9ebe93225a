"""KV layout enum with per-layout decode handlers.

``KVLayout.of`` classifies the pool the backend reads; handlers live in a
module-level table keyed by the enum member.
"""

import enum
from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVLayout(enum.Enum):
    FULL = "full"
    SLIDING_WINDOW = "sliding_window"

    @classmethod
    def of(cls, pool) -> "KVLayout":
        return cls.SLIDING_WINDOW if isinstance(pool, SWAKVPool) else cls.FULL


def _decode_full(backend, loc):
    return backend.token_to_kv_pool, loc


def _decode_sliding_window(backend, loc):
    pool = backend.token_to_kv_pool
    return pool, pool.translate_loc_from_full_to_swa(loc)


DECODE_BY_LAYOUT: Dict[KVLayout, Callable] = {
    KVLayout.FULL: _decode_full,
    KVLayout.SLIDING_WINDOW: _decode_sliding_window,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.layout = KVLayout.of(self.token_to_kv_pool)
        self._decode = DECODE_BY_LAYOUT[self.layout]

    def available_tokens(self) -> int:
        return self.token_to_kv_pool_allocator.available_size()

    def forward_decode(self, loc: torch.Tensor):
        return self._decode(self, loc)
