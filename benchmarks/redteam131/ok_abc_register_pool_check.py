"""Virtual ``SlidingWindowCapable`` interface shared by SWA memory classes.

Both SWA memory types register with the ABC so utility code can recognise them,
but the decode path only asks the question of the pool it actually reads.
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


def describe_memory(model_runner) -> str:
    allocator = model_runner.token_to_kv_pool_allocator
    tag = "swa" if isinstance(allocator, SlidingWindowCapable) else "full"
    return f"allocator={type(allocator).__name__}[{tag}]"


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window: Optional[int] = None):
        self.sliding_window = sliding_window
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.memory_desc = describe_memory(model_runner)
        self.translator: Optional[SlidingWindowCapable] = (
            self.kv_pool if isinstance(self.kv_pool, SlidingWindowCapable) else None
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.translator is None:
            return self.kv_pool, loc
        return self.kv_pool, self.translator.translate_loc_from_full_to_swa(loc)
