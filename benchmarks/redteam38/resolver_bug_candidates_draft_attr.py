"""Decode backend that picks its SWA pool from a generator of candidate KV caches per runner."""

import itertools
import logging
from typing import Iterator, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _candidate_caches(model_runner) -> Iterator[object]:
    """KV caches this runner may attend over, most specific first."""
    yield model_runner.token_to_kv_pool
    draft = getattr(model_runner, "is_draft_model", False)
    spec = model_runner.spec_algorithm
    if not draft or spec.is_frozen_kv_mtp():
        yield model_runner.token_to_kv_pool_allocator.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = next(
            (c for c in _candidate_caches(model_runner) if isinstance(c, SWAKVPool)),
            None,
        )
        allocator = model_runner.token_to_kv_pool_allocator
        self._page_size = allocator.page_size
        self._layer_ids = list(itertools.islice(itertools.count(), self.token_to_kv_pool.layer_num))
        logger.info(
            "candidates resolved: swa=%s allocator=%s",
            type(self.swa_kv_pool).__name__,
            type(allocator).__name__,
        )

    def forward_decode(self, loc):
        swa = self.swa_kv_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
