"""Decode backend for hybrid SWA models with speculative-decoding support.

Candidate SWA pools are produced lazily, in priority order, by a generator;
the first candidate that is an SWA pool wins.
"""

from __future__ import annotations

import logging
from typing import Iterator, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _candidate_swa_pools(model_runner) -> Iterator[object]:
    yield model_runner.token_to_kv_pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        # EAGLE-style drafts read their own KV buffers only.
        return
    yield model_runner.token_to_kv_pool_allocator.get_kvcache()


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    return next(
        (pool for pool in _candidate_swa_pools(model_runner) if isinstance(pool, SWAKVPool)),
        None,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        max_bs = model_runner.req_to_token_pool.size
        self.kv_last_page_len = torch.ones(max_bs, dtype=torch.int32, device=self.device)
        if self.swa_kv_pool is not None:
            logger.info("using SWA pool with %d slots", self.swa_kv_pool.size_swa)

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.swa_kv_pool
        if swa_pool is None:
            return self.kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
