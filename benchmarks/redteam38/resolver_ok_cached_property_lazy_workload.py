"""Decode backend that resolves its SWA pool lazily through a cached property."""

import functools
import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "allocator=%s free=%d",
            type(self._allocator).__name__,
            self._allocator.available_size(),
        )

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        mr = self.model_runner
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        frozen = getattr(mr.spec_algorithm, "is_frozen_kv_mtp", lambda: False)()
        if getattr(mr, "is_draft_worker", False) and not frozen:
            return None
        kvcache = self._allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, loc):
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self.init_forward_metadata(loc)
