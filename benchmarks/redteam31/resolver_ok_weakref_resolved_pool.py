"""Decode backend that holds its resolved SWA pool and the allocator through weak references."""

import logging
import weakref
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve(runner) -> Optional[SWAKVPool]:
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        # Pools and allocator are owned by the runner; do not keep them alive from here.
        self._alloc_ref = weakref.ref(model_runner.token_to_kv_pool_allocator)
        swa = _resolve(model_runner)
        self._swa_ref = weakref.ref(swa) if swa is not None else None

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        return self._swa_ref() if self._swa_ref is not None else None

    def free_slots(self) -> int:
        alloc = self._alloc_ref()
        return 0 if alloc is None else alloc.available_size()

    def init_forward_metadata(self, forward_batch):
        if self.free_slots() < forward_batch.batch_size:
            logger.warning("fewer free KV slots than decode requests")
        self.seq_lens = forward_batch.seq_lens.to(torch.int32)

    def forward_decode(self, loc):
        swa = self.swa_pool
        if swa is None:
            return self.pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
