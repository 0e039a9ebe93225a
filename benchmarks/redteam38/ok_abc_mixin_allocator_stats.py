"""Attention backend built on an abstract base plus an allocator-stats mixin."""

import abc
import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class AllocatorStatsMixin:
    """Shared by backends that report allocator occupancy in the scheduler log."""

    def _allocator(self):
        return self.model_runner.token_to_kv_pool_allocator

    def _allocator_is_windowed(self) -> bool:
        return isinstance(self._allocator(), SWATokenToKVPoolAllocator)

    def occupancy(self) -> str:
        a = self._allocator()
        if self._allocator_is_windowed():
            return a.debug_print()
        return f"#available-size: {a.available_size()}"


class DecodeBackendBase(abc.ABC):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool

    @abc.abstractmethod
    def _uses_swa_pool(self) -> bool: ...

    def forward_decode(self, loc):
        if self._uses_swa_pool():
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


class GeneratedAttnBackend(AllocatorStatsMixin, DecodeBackendBase):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        logger.info("attention backend ready; %s", self.occupancy())

    def _uses_swa_pool(self) -> bool:
        return isinstance(self.pool, SWAKVPool)
