"""Decode backend that flags, but tolerates, a hybrid allocator shared with a full-only pool."""

import logging
import warnings

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Reads ``model_runner.token_to_kv_pool``; translation follows that pool's layout."""

    def __init__(self, model_runner):
        self.runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        hybrid_alloc = isinstance(allocator, SWATokenToKVPoolAllocator)
        hybrid_pool = isinstance(self.kv_pool, SWAKVPool)
        if hybrid_alloc and not hybrid_pool:
            # Expected for EAGLE drafts: they share the target's allocator but own a full pool.
            role = "draft" if getattr(model_runner, "is_draft_worker", False) else "target"
            msg = (
                f"{role} worker: allocator {type(allocator).__name__} is windowed but the "
                f"attention pool {type(self.kv_pool).__name__} is not; reading full indices"
            )
            logger.warning(msg)
            if role == "target":
                warnings.warn(msg, RuntimeWarning, stacklevel=2)
        self.translate_window = hybrid_pool
        self.metadata = None

    def init_forward_metadata(self, forward_batch):
        self.metadata = {
            "bs": forward_batch.batch_size,
            "seq_lens": forward_batch.seq_lens,
            "cache_loc": self._loc(forward_batch.out_cache_loc),
        }

    def _loc(self, loc):
        if not self.translate_window:
            return loc
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self.kv_pool, self._loc(loc)

    def forward_extend(self, loc):
        return self.kv_pool, self._loc(loc)
