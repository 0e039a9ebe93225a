"""Decode backend holding a weak reference to the allocator and probing its sub-allocators."""

import logging
import weakref
from enum import Enum
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class KVMode(Enum):
    FULL = "full"
    SLIDING_WINDOW = "sliding_window"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # Avoid keeping the allocator alive past the scheduler's teardown.
        self._allocator_ref = weakref.ref(model_runner.token_to_kv_pool_allocator)
        allocator = self._allocator_ref()
        try:
            sub_allocators = (
                allocator.full_attn_allocator,
                allocator.swa_attn_allocator,
            )
        except AttributeError:
            self.mode = KVMode.FULL
        else:
            self.mode = KVMode.SLIDING_WINDOW
            logger.debug("sub-allocators: %s", [type(a).__name__ for a in sub_allocators])

    def free_slots(self) -> Optional[int]:
        allocator = self._allocator_ref()
        if allocator is None:
            return None
        return int(allocator.available_size())

    def _log_gauges(self):
        allocator = self._allocator_ref()
        if allocator is not None and logger.isEnabledFor(logging.DEBUG):
            logger.debug(
                "%s free=%s mode=%s",
                type(allocator).__name__,
                self.free_slots(),
                self.mode.value,
            )

    def forward_decode(self, loc: torch.Tensor):
        self._log_gauges()
        if self.mode is KVMode.SLIDING_WINDOW:
            return (
                self.token_to_kv_pool,
                self.token_to_kv_pool.translate_loc_from_full_to_swa(loc),
            )
        return self.token_to_kv_pool, loc
