"""Hybrid decode backend that walks candidate caches lazily to find its SWA pool."""

import logging
from typing import Iterator, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _candidate_caches(model_runner) -> Iterator[object]:
    # The runner's own pool always comes first.
    yield model_runner.token_to_kv_pool
    owns_separate_cache = (
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    if not owns_separate_cache:
        yield model_runner.token_to_kv_pool_allocator.get_kvcache()


def find_swa_pool(model_runner) -> Optional[SWAKVPool]:
    return next(
        (c for c in _candidate_caches(model_runner) if isinstance(c, SWAKVPool)),
        None,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = find_swa_pool(model_runner)
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.swa_loc_buf: Optional[torch.Tensor] = None
        if self.swa_pool is not None:
            self.swa_loc_buf = torch.zeros(self.max_bs, dtype=torch.int64, device=self.device)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        if self.swa_loc_buf is not None:
            n = out_cache_loc.shape[0]
            self.swa_loc_buf[:n] = self.swa_pool.translate_loc_from_full_to_swa(out_cache_loc)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
