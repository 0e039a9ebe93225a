"""Location translator helper for hybrid sliding-window decode.

``FullToSWATranslator`` is created once per backend. It holds a weak reference
to the token allocator and maps full-cache locations into the sliding-window
region when the allocator manages one.
"""

from __future__ import annotations

import weakref
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class FullToSWATranslator:
    def __init__(self, allocator):
        self._alloc = weakref.ref(allocator)
        self.enabled = isinstance(allocator, SWATokenToKVPoolAllocator)

    def __call__(self, loc: torch.Tensor) -> torch.Tensor:
        allocator = self._alloc()
        if not self.enabled or allocator is None:
            return loc
        return allocator.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, translator_factory: Optional[Callable] = None):
        factory = translator_factory or FullToSWATranslator
        self.translate: Callable[[torch.Tensor], torch.Tensor] = factory(
            model_runner.token_to_kv_pool_allocator
        )
        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.is_hybrid_swa = isinstance(pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        swa_loc = self.translate(loc)
        return self.kv_pool, swa_loc
