"""Backend that picks a free-slot probe by matching on the allocator, window mode on the pool."""

import logging
from typing import Callable

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _free_slot_probe(allocator) -> Callable[[], int]:
    match allocator:
        case SWATokenToKVPoolAllocator():
            # Window slots run out first on hybrid models.
            return allocator.swa_available_size
        case _:
            return allocator.available_size


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.free_slots = _free_slot_probe(model_runner.token_to_kv_pool_allocator)
        match self.token_to_kv_pool:
            case SWAKVPool():
                self.window = True
            case _:
                self.window = False

    def can_run_cuda_graph(self, bs: int) -> bool:
        return self.free_slots() >= bs

    def forward_decode(self, loc: torch.Tensor):
        if self.window:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
