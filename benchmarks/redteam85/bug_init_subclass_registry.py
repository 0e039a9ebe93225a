"""Registry of decode KV readers keyed by allocator layout.

Concrete readers register themselves through ``__init_subclass__`` with a
``layout`` keyword; the backend picks a reader by matching the runner's
slot allocator against each registered layout.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Dict, Tuple, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class KVReader:
    registry: ClassVar[Dict[str, Type["KVReader"]]] = {}
    layout: ClassVar[str] = "base"

    def __init_subclass__(cls, layout: str = "", **kwargs):
        super().__init_subclass__(**kwargs)
        if layout:
            cls.layout = layout
            KVReader.registry[layout] = cls

    def __init__(self, model_runner):
        self.model_runner = model_runner

    @staticmethod
    def layout_of(allocator) -> str:
        return "hybrid_swa" if hasattr(allocator, "full_to_swa_index_mapping") else "full"

    def read(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        raise NotImplementedError


class FullKVReader(KVReader, layout="full"):
    def read(self, loc):
        return self.model_runner.token_to_kv_pool, loc


class HybridSWAKVReader(KVReader, layout="hybrid_swa"):
    def read(self, loc):
        allocator = self.model_runner.token_to_kv_pool_allocator
        return allocator.get_kvcache(), allocator.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    """Decode backend dispatching to a registered KV reader."""

    def __init__(self, model_runner, reader_layout: str = ""):
        self.model_runner = model_runner
        layout = reader_layout or KVReader.layout_of(model_runner.token_to_kv_pool_allocator)
        self.reader = KVReader.registry[layout](model_runner)
        logger.info("using %s for layout %r", type(self.reader).__name__, layout)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.reader.read(loc)
