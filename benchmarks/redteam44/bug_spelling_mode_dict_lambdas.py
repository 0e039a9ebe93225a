"""Torch-native decode backend: per-mode index builders kept in a dict of callables."""

import enum
import logging
from dataclasses import dataclass
from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class KVLayoutMode(str, enum.Enum):
    FULL = "full"
    SWA = "swa"


@dataclass
class DecodeIndices:
    mode: KVLayoutMode
    kv_indices: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.max_running_requests = model_runner.max_running_requests
        self.mode = self._detect_mode(model_runner)
        self._builders: Dict[KVLayoutMode, Callable[[torch.Tensor], torch.Tensor]] = {
            KVLayoutMode.FULL: lambda loc: loc,
            KVLayoutMode.SWA: lambda loc: self.kv_pool.translate_loc_from_full_to_swa(loc),
        }
        logger.info("torch-native backend in %s mode", self.mode.value)

    @staticmethod
    def _detect_mode(model_runner) -> KVLayoutMode:
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            return KVLayoutMode.SWA
        return KVLayoutMode.FULL

    def _indices(self, loc: torch.Tensor) -> DecodeIndices:
        return DecodeIndices(mode=self.mode, kv_indices=self._builders[self.mode](loc))

    def forward_decode(self, loc: torch.Tensor):
        out = self._indices(loc)
        return self.kv_pool, out.kv_indices
