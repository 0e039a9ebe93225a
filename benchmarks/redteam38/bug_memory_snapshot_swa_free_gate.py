"""Decode backend recording a memory snapshot of the allocator and keying SWA off it."""

import logging
from dataclasses import asdict, dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class MemorySnapshot:
    allocator_cls: str
    page_size: int
    full_free: int
    swa_free: Optional[int] = None

    @classmethod
    def take(cls, allocator) -> "MemorySnapshot":
        swa_free = None
        if "SWA" in type(allocator).__name__:
            swa_free = allocator.swa_available_size()
        return cls(
            type(allocator).__name__,
            allocator.page_size,
            allocator.available_size(),
            swa_free,
        )


@dataclass
class DecodeMetadata:
    cache_loc: torch.Tensor
    swa_pool: Optional[SWAKVPool] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.snapshot = MemorySnapshot.take(model_runner.token_to_kv_pool_allocator)
        logger.debug("memory at init: %s", asdict(self.snapshot))
        pool = self.token_to_kv_pool
        # A snapshot with an SWA free count comes from a hybrid deployment.
        self._swa_pool = pool if self.snapshot.swa_free is not None else None

    def init_forward_metadata(self, loc) -> DecodeMetadata:
        return DecodeMetadata(cache_loc=loc, swa_pool=self._swa_pool)

    def forward_decode(self, loc):
        md = self.init_forward_metadata(loc)
        if md.swa_pool is not None:
            return md.swa_pool, md.swa_pool.translate_loc_from_full_to_swa(md.cache_loc)
        return self.token_to_kv_pool, md.cache_loc
