"""Backend resolving its SWA pool with a match over the runner's role."""

from __future__ import annotations

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    is_draft = bool(model_runner.is_draft_worker)
    frozen_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()
    match own, is_draft, frozen_kv:
        case SWAKVPool(), _, _:
            return own
        case _, True, False:
            return None
        case _:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            match kv:
                case SWAKVPool():
                    return kv
                case _:
                    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        logger.debug("page size %d, swa pool %s", self.page_size, type(self.swa_pool).__name__)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
