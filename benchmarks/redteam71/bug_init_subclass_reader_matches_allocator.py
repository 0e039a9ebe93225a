"""KV readers discovered through ``__init_subclass__``.

Every ``KVReader`` subclass is appended to ``KVReader.readers`` in definition order, with the
most specific reader defined last; ``pick_reader`` walks the list backwards and takes the first
reader whose ``matches`` accepts the token allocator.
"""

from __future__ import annotations

import logging
from typing import ClassVar, List, Type

import torch

logger = logging.getLogger(__name__)


class KVReader:
    readers: ClassVar[List[Type["KVReader"]]] = []
    priority: ClassVar[int] = 0

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        KVReader.readers.append(cls)
        KVReader.readers.sort(key=lambda c: c.priority)

    def __init__(self, model_runner):
        self.model_runner = model_runner

    @classmethod
    def matches(cls, allocator) -> bool:
        return True

    def read(self, loc: torch.Tensor):
        raise NotImplementedError


class FullKVReader(KVReader):
    priority = 0

    def read(self, loc):
        return self.model_runner.token_to_kv_pool, loc


class SlidingWindowKVReader(KVReader):
    priority = 10

    @classmethod
    def matches(cls, allocator) -> bool:
        return hasattr(allocator, "size_swa")

    def read(self, loc):
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache, kvcache.translate_loc_from_full_to_swa(loc)


def pick_reader(model_runner) -> KVReader:
    allocator = model_runner.token_to_kv_pool_allocator
    for reader_cls in reversed(KVReader.readers):
        if reader_cls.matches(allocator):
            return reader_cls(model_runner)
    raise RuntimeError("no KV reader registered")


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.reader = pick_reader(model_runner)
        logger.debug("using %s", type(self.reader).__name__)

    def forward_decode(self, loc: torch.Tensor):
        return self.reader.read(loc)
