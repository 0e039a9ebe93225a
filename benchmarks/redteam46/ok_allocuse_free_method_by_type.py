"""Decode backend whose slot release bookkeeping depends on the allocator type."""

import logging
from dataclasses import dataclass, field

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ReleaseLedger:
    method: str
    released: int = 0
    calls: list = field(default_factory=list)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Bookkeeping only: the hybrid allocator frees the window side on its own.
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self._release = allocator.free_swa
            self.ledger = ReleaseLedger("free_swa")
        else:
            self._release = allocator.free
            self.ledger = ReleaseLedger("free")
        self.window_pool = isinstance(self.pool, SWAKVPool)
        self._pending = torch.empty((0,), dtype=torch.int64)

    def release_out_of_window(self, indices: torch.Tensor) -> None:
        self._release(indices)
        self.ledger.released += int(indices.numel())
        self.ledger.calls.append(self.ledger.method)

    def flush(self) -> None:
        if self._pending.numel() or not self.ledger.calls:
            self.release_out_of_window(self._pending)
            self._pending = self._pending[:0]

    def forward_decode(self, loc):
        self.flush()
        logger.debug("release ledger %s", self.ledger)
        if self.window_pool:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
