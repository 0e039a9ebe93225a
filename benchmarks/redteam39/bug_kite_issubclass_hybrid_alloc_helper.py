"""Decode backend that detects hybrid allocators across sglang releases."""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)

# The hybrid allocator moved between modules over several releases.
_CANDIDATES = (
    ("sglang.srt.mem_cache.allocator.swa", "SWATokenToKVPoolAllocator"),
    ("sglang.srt.mem_cache.swa_memory_pool", "SWATokenToKVPoolAllocator"),
    ("sglang.srt.mem_cache.allocator", "SWATokenToKVPoolAllocator"),
)


def _hybrid_allocator_types() -> tuple:
    found = []
    for module_name, attr in _CANDIDATES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        cls = getattr(module, attr, None)
        if cls is not None and cls not in found:
            found.append(cls)
    return tuple(found)


@dataclass
class DecodeBuffers:
    kv_indptr: torch.Tensor
    swa_indices: torch.Tensor


class GeneratedAttnBackend:
    hybrid_types = _hybrid_allocator_types()

    def __init__(self, model_runner):
        max_bs = model_runner.max_running_requests
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.buffers = DecodeBuffers(
            kv_indptr=torch.zeros(max_bs + 1, dtype=torch.int32, device=model_runner.device),
            swa_indices=torch.zeros(max_bs, dtype=torch.int64, device=model_runner.device),
        )
        self.hybrid = bool(self.hybrid_types) and issubclass(
            type(self.allocator), self.hybrid_types
        )

    def forward_decode(self, loc):
        if self.hybrid:
            loc = self.allocator.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
