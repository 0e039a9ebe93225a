"""Decode backend that keeps a weak proxy to the allocator for gauges and layout."""

import logging
import weakref
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVGauges:
    full_free: int = 0
    window_free: int = -1


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        # The scheduler owns the allocator; a proxy keeps us from pinning it past shutdown.
        self._allocator = weakref.proxy(model_runner.token_to_kv_pool_allocator)
        self.use_sliding_window = isinstance(self._allocator, SWATokenToKVPoolAllocator)
        self.gauges = KVGauges()

    def update_gauges(self) -> KVGauges:
        try:
            alloc = self._allocator
            if isinstance(alloc, SWATokenToKVPoolAllocator):
                self.gauges = KVGauges(alloc.full_available_size(), alloc.swa_available_size())
            else:
                self.gauges = KVGauges(alloc.available_size())
        except ReferenceError:
            logger.debug("allocator released; keeping last KV gauges")
        return self.gauges

    def init_forward_metadata(self, forward_batch):
        self.update_gauges()
        self.seq_lens = forward_batch.seq_lens.to(torch.int32)

    def forward_decode(self, loc):
        if self.use_sliding_window:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
