"""Backend that selects its SWA pool from candidate thunks with itertools.compress."""

import itertools
import logging
from typing import Callable, List, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _as_swa(pool) -> Optional[SWAKVPool]:
    return pool if isinstance(pool, SWAKVPool) else None


def swa_pool_candidates(model_runner) -> List[Callable[[], Optional[SWAKVPool]]]:
    allocator = model_runner.token_to_kv_pool_allocator
    return [
        lambda: _as_swa(model_runner.token_to_kv_pool),
        lambda: _as_swa(allocator.get_kvcache()),
    ]


def swa_pool_selectors(model_runner) -> List[bool]:
    own_is_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
    regular_draft = (
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    return [own_is_swa, not regular_draft]


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    chosen = itertools.compress(swa_pool_candidates(model_runner), swa_pool_selectors(model_runner))
    for thunk in chosen:
        pool = thunk()
        if pool is not None:
            return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.page_size = model_runner.page_size
        logger.debug("page_size=%d swa=%s", self.page_size, self.swa_kv_pool is not None)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_kv_pool, loc
        return self.token_to_kv_pool, loc
