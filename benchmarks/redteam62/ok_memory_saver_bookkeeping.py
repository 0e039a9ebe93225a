"""Sliding-window decode backend that keeps a ledger of KV sizes across memory-saver
pause/resume cycles (used when a colocated trainer reclaims the KV cache)."""

import logging
from dataclasses import dataclass, field
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class PauseRecord:
    full_tokens: int
    swa_tokens: Optional[int]
    free_tokens: int


@dataclass
class MemorySaverLedger:
    records: List[PauseRecord] = field(default_factory=list)
    paused: bool = False

    def on_pause(self, allocator) -> None:
        self.records.append(
            PauseRecord(
                full_tokens=int(allocator.size),
                swa_tokens=getattr(allocator, "size_swa", None),
                free_tokens=int(allocator.available_size()),
            )
        )
        self.paused = True

    def on_resume(self, allocator) -> None:
        last = self.records[-1] if self.records else None
        if last is not None and last.full_tokens != allocator.size:
            logger.warning(
                "KV size changed across resume: %d -> %d", last.full_tokens, allocator.size
            )
        self.paused = False


class GeneratedAttnBackend:
    """Decode over a hybrid full/SWA cache with pause/resume bookkeeping."""

    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.ledger = MemorySaverLedger()
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def release_memory_occupation(self):
        self.ledger.on_pause(self.allocator)

    def resume_memory_occupation(self):
        self.ledger.on_resume(self.allocator)

    def forward_decode(self, loc: torch.Tensor):
        assert not self.ledger.paused, "forward while KV cache is released"
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
