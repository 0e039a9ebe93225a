"""Decode-time KV readers, keyed by allocator family.

Each reader subclass declares the allocator it pairs with through the
``allocator=`` class keyword; ``__init_subclass__`` records it so new
allocator families can ship their reader without touching the backend.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class DecodeKVReader:
    registry: ClassVar[Dict[str, type]] = {}
    allocator_name: ClassVar[Optional[str]] = None

    def __init_subclass__(cls, allocator: Optional[str] = None, **kwargs):
        super().__init_subclass__(**kwargs)
        if allocator is not None:
            cls.allocator_name = allocator
            DecodeKVReader.registry[allocator] = cls

    def __init__(self, model_runner):
        self.model_runner = model_runner

    @classmethod
    def for_runner(cls, model_runner) -> "DecodeKVReader":
        alloc = model_runner.token_to_kv_pool_allocator
        reader_cls = cls.registry.get(type(alloc).__name__, PlainKVReader)
        return reader_cls(model_runner)

    def read(self, loc: torch.Tensor):
        raise NotImplementedError


class PlainKVReader(DecodeKVReader, allocator="TokenToKVPoolAllocator"):
    def read(self, loc):
        return self.model_runner.token_to_kv_pool, loc


class PagedPlainKVReader(PlainKVReader, allocator="PagedTokenToKVPoolAllocator"):
    pass


class WindowedKVReader(DecodeKVReader, allocator="SWATokenToKVPoolAllocator"):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.allocator = model_runner.token_to_kv_pool_allocator

    def read(self, loc):
        swa_loc = self.allocator.translate_loc_from_full_to_swa(loc)
        return self.allocator.get_kvcache(), swa_loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.skip_prefill = skip_prefill
        self.page_size = model_runner.page_size
        self.reader = DecodeKVReader.for_runner(model_runner)
        logger.info("decode reader: %s", type(self.reader).__name__)

    def init_forward_metadata(self, forward_batch):
        pass

    def forward_decode(self, loc: torch.Tensor):
        return self.reader.read(loc)
