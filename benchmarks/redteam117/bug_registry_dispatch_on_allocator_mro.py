"""Registry of decode KV readers keyed by allocator type.

Readers register against an allocator class; lookup walks the MRO of the
runner's allocator so subclasses (e.g. paged or pure-SWA allocators) inherit
the reader of their base.
"""

from __future__ import annotations

from typing import Dict, Type

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

_READERS: Dict[type, Type["_KVReader"]] = {}


def register_reader(allocator_cls: type):
    def _decorator(reader_cls):
        _READERS[allocator_cls] = reader_cls
        return reader_cls

    return _decorator


class _KVReader:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool

    def read(self, loc: torch.Tensor):
        return self.pool, loc


register_reader(BaseTokenToKVPoolAllocator)(_KVReader)


@register_reader(SWATokenToKVPoolAllocator)
class _SlidingWindowReader(_KVReader):
    def read(self, loc: torch.Tensor):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


def lookup_reader(model_runner) -> _KVReader:
    for klass in type(model_runner.token_to_kv_pool_allocator).__mro__:
        reader_cls = _READERS.get(klass)
        if reader_cls is not None:
            return reader_cls(model_runner)
    return _KVReader(model_runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.reader = lookup_reader(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.reader.read(loc)
