"""Attention backend whose KV write/read locations go through shared helpers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def needs_swa_translation(model_runner) -> bool:
    """Whether the pool this runner reads splits window layers into a sub-pool."""
    return issubclass(type(model_runner.token_to_kv_pool), SWAKVPool)


def decode_token_budget(model_runner) -> int:
    """Tokens a decode step may claim; window slots are the scarcer resource."""
    alloc = model_runner.token_to_kv_pool_allocator
    if issubclass(type(alloc), SWATokenToKVPoolAllocator):
        return min(alloc.size, alloc.size_swa)
    return alloc.size


def swa_locations(pool, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


@dataclass
class StepInfo:
    read_loc: torch.Tensor
    write_loc: torch.Tensor
    translated: bool = False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.kv_pool = model_runner.token_to_kv_pool
        self.translate_window = needs_swa_translation(model_runner)
        self.token_budget = decode_token_budget(model_runner)
        self.step: Optional[StepInfo] = None

    def init_forward_metadata(self, loc: torch.Tensor):
        if loc.numel() > self.token_budget:
            raise RuntimeError("decode batch exceeds the KV token budget")
        if self.translate_window:
            swa = swa_locations(self.kv_pool, loc)
            self.step = StepInfo(read_loc=swa, write_loc=swa, translated=True)
        else:
            self.step = StepInfo(read_loc=loc, write_loc=loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.step.read_loc
