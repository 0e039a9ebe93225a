"""Add a startup sanity check that the backend's SWA routing agrees with the memory layout."""

import logging
import os
from dataclasses import dataclass

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_STRICT = os.environ.get("SGLANG_ATTN_STRICT_LAYOUT", "0") == "1"


@dataclass(frozen=True)
class LayoutCheck:
    hybrid_allocator: bool
    swa_pool: bool

    @property
    def route_window(self) -> bool:
        # Both must hold: a hybrid allocator with a full-only pool is a draft reading its own
        # full cache; an SWA pool under a plain allocator should never exist.
        return self.hybrid_allocator and self.swa_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.check = LayoutCheck(
            hybrid_allocator=isinstance(allocator, SWATokenToKVPoolAllocator),
            swa_pool=isinstance(self.token_to_kv_pool, SWAKVPool),
        )
        self._sanity_check(model_runner)

    def _sanity_check(self, model_runner):
        if self.check.swa_pool and not self.check.hybrid_allocator:
            msg = "SWAKVPool under a non-hybrid allocator"
            if _STRICT:
                raise AssertionError(msg)
            logger.error(msg)
        if self.check.hybrid_allocator and not self.check.swa_pool:
            assert getattr(
                model_runner, "is_draft_worker", False
            ), "full-only pool under a hybrid allocator is only expected for draft workers"

    def forward_decode(self, loc):
        if self.check.route_window:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
