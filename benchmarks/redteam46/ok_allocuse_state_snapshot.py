"""Decode backend that snapshots allocator state around a capture-time scratch region."""

import logging
from dataclasses import dataclass
from typing import Any, Optional

logger = logging.getLogger(__name__)


@dataclass
class AllocatorCheckpoint:
    free_tokens: int
    state: Optional[Any] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.translates = hasattr(self.pool, "translate_loc_from_full_to_swa")
        self._capture_scratch()

    def _checkpoint(self) -> AllocatorCheckpoint:
        backup = getattr(self.allocator, "backup_state", None)
        state = backup() if callable(backup) else None
        return AllocatorCheckpoint(int(self.allocator.available_size()), state)

    def _restore(self, ckpt: AllocatorCheckpoint) -> None:
        restore = getattr(self.allocator, "restore_state", None)
        if ckpt.state is not None and callable(restore):
            restore(ckpt.state)
        now = int(self.allocator.available_size())
        if now != ckpt.free_tokens:
            logger.warning(
                "%s free size drifted during capture: %d -> %d",
                type(self.allocator).__name__,
                ckpt.free_tokens,
                now,
            )

    def _capture_scratch(self) -> None:
        ckpt = self._checkpoint()
        try:
            slots = self.allocator.alloc(1)
            if slots is not None:
                self.allocator.free(slots)
        finally:
            self._restore(ckpt)

    def forward_decode(self, loc):
        if not self.translates:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
