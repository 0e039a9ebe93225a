"""Torch-native decode backend: per-mode index builders and gauges kept in dicts."""

import enum
import logging
from dataclasses import dataclass
from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayoutMode(str, enum.Enum):
    FULL = "full"
    SWA = "swa"


@dataclass
class DecodeIndices:
    mode: KVLayoutMode
    kv_indices: torch.Tensor
    free_tokens: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.mode = KVLayoutMode.SWA if isinstance(self.kv_pool, SWAKVPool) else KVLayoutMode.FULL
        self._builders: Dict[KVLayoutMode, Callable[[torch.Tensor], torch.Tensor]] = {
            KVLayoutMode.FULL: lambda loc: loc,
            KVLayoutMode.SWA: lambda loc: self.kv_pool.translate_loc_from_full_to_swa(loc),
        }
        # The gauge follows the allocator's flavour; it is reported, never read from.
        self._gauges: Dict[bool, Callable[[], int]] = {
            True: lambda: self.allocator.swa_available_size(),
            False: lambda: self.allocator.available_size(),
        }
        self._gauge = self._gauges[isinstance(self.allocator, SWATokenToKVPoolAllocator)]
        logger.info("torch-native backend in %s mode", self.mode.value)

    def _indices(self, loc: torch.Tensor) -> DecodeIndices:
        return DecodeIndices(
            mode=self.mode,
            kv_indices=self._builders[self.mode](loc),
            free_tokens=self._gauge(),
        )

    def forward_decode(self, loc: torch.Tensor):
        out = self._indices(loc)
        return self.kv_pool, out.kv_indices
