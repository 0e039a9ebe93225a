"""Decode backend that walks candidate SWA pool sources pulled off the runner with attrgetter."""

import itertools
import logging
import operator
from typing import Iterator, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_own_pool = operator.attrgetter("token_to_kv_pool")
_allocator = operator.attrgetter("token_to_kv_pool_allocator")


def _own_candidates(model_runner) -> Iterator[object]:
    yield _own_pool(model_runner)


def _shared_candidates(model_runner) -> Iterator[object]:
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return
    yield _allocator(model_runner).get_kvcache()


def first_swa_pool(model_runner) -> Optional[SWAKVPool]:
    candidates = itertools.chain(_own_candidates(model_runner), _shared_candidates(model_runner))
    return next((c for c in candidates if isinstance(c, SWAKVPool)), None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = _own_pool(model_runner)
        self.swa_kv_pool = first_swa_pool(model_runner)
        logger.debug(
            "allocator %s page_size=%d",
            type(_allocator(model_runner)).__name__,
            _allocator(model_runner).page_size,
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
