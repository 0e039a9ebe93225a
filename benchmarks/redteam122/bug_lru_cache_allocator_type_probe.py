"""FlashInfer-style decode wrapper with a cached allocator capability probe.

Checking the allocator type on every step showed up in CPU profiles of small-batch decode,
so the probe is memoised per allocator class with ``functools.lru_cache``.
"""

import functools
import logging
from typing import Tuple, Type

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

_SWA_ALLOCATOR_METHODS = ("translate_loc_from_full_to_swa", "free_swa", "swa_available_size")


@functools.lru_cache(maxsize=None)
def _allocator_supports_swa(allocator_cls: Type) -> bool:
    if issubclass(allocator_cls, SWATokenToKVPoolAllocator):
        return True
    return all(hasattr(allocator_cls, name) for name in _SWA_ALLOCATOR_METHODS)


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_tensor_cores: bool = False):
        self.model_runner = model_runner
        self.use_tensor_cores = use_tensor_cores
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    @property
    def uses_sliding_window(self) -> bool:
        return _allocator_supports_swa(type(self.allocator))

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.uses_sliding_window:
            return self.kv_pool, loc
        swa_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        logger.debug("Translated %d decode locations into the SWA pool", swa_loc.numel())
        return self.kv_pool, swa_loc
