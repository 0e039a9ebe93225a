"""Decode backend that reports allocator pressure through a weak reference and matches on its pool."""

import logging
import weakref
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._allocator_ref = weakref.ref(model_runner.token_to_kv_pool_allocator)

        match self.pool:
            case SWAKVPool():
                self.mode = "window"
            case MHATokenToKVPool():
                self.mode = "full"
            case _:
                self.mode = "full"
        self.report_pressure()

    def report_pressure(self) -> Optional[float]:
        allocator = self._allocator_ref()
        if allocator is None:
            return None
        used = 1.0 - allocator.available_size() / max(1, allocator.size)
        swa_free = getattr(allocator, "swa_available_size", None)
        if swa_free is not None:
            logger.debug("kv pressure %.2f, swa free %d", used, swa_free())
        else:
            logger.debug("kv pressure %.2f", used)
        return used

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        self.seq_lens = seq_lens

    def forward_decode(self, loc):
        if self.mode == "window":
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
