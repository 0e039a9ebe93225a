"""Virtual ``SlidingWindowCapable`` interface for memory objects.

Rather than forcing a common base class across the allocator and pool
hierarchies, both concrete SWA types are registered as virtual subclasses of a
small ABC. Anything registered can translate full-attention slots.
"""

import abc
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SlidingWindowCapable(abc.ABC):
    @abc.abstractmethod
    def translate_loc_from_full_to_swa(self, kv_indices: torch.Tensor) -> torch.Tensor: ...


SlidingWindowCapable.register(SWAKVPool)
SlidingWindowCapable.register(SWATokenToKVPoolAllocator)


def first_sliding_window_capable(*candidates) -> Optional[SlidingWindowCapable]:
    for obj in candidates:
        if isinstance(obj, SlidingWindowCapable):
            return obj
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window: Optional[int] = None):
        self.sliding_window = sliding_window
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        # Prefer the allocator: it owns the authoritative full->swa mapping.
        self.translator = first_sliding_window_capable(
            model_runner.token_to_kv_pool_allocator, self.kv_pool
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.translator is None:
            return self.kv_pool, loc
        return self.kv_pool, self.translator.translate_loc_from_full_to_swa(loc)
