"""Backend whose SWA-pool resolver takes a fast path for hybrid allocators before its draft guard."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_HYBRID_ALLOCATOR_NAMES = ("SWATokenToKVPoolAllocator", "PureSWATokenToKVPoolAllocator")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.decode_metadata = {}

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        allocator = model_runner.token_to_kv_pool_allocator
        if type(allocator).__name__ in _HYBRID_ALLOCATOR_NAMES:
            # Hybrid allocators are always built over an SWAKVPool.
            return allocator.get_kvcache()
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, loc):
        self.decode_metadata = {"loc": loc, "num_tokens": int(loc.numel())}
        if self.swa_kv_pool is not None:
            self.decode_metadata["swa_loc"] = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        if "swa_loc" in self.decode_metadata:
            return self.swa_kv_pool, self.decode_metadata["swa_loc"]
        return self.token_to_kv_pool, loc
