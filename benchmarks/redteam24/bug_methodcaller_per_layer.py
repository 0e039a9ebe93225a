"""Attention backend that keeps one location transform per layer kind, built with operator.methodcaller."""

import operator

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


def _to_swa(owner):
    return lambda loc: operator.methodcaller("translate_loc_from_full_to_swa", loc)(owner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        windowed = isinstance(allocator, SWATokenToKVPoolAllocator)
        self._transforms = {
            "full": lambda loc: loc,
            "sliding": _to_swa(allocator) if windowed else (lambda loc: loc),
        }
        self.decode_layer_kind = "sliding" if windowed else "full"

    def forward_decode(self, loc):
        return self.pool, self._transforms[self.decode_layer_kind](loc)
