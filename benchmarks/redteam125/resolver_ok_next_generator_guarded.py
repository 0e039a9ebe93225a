"""SWA pool resolution with an ordered list of candidate sources.

Candidates are tried in order: the runner's active pool, then (only for
runners that share the target's KV, i.e. not a regular draft runner) the
allocator's cache binding.
"""

import logging
from typing import Iterator, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _candidate_pools(model_runner) -> Iterator[object]:
    yield model_runner.token_to_kv_pool
    regular_draft = model_runner.is_draft_worker and not (
        model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    if not regular_draft:
        yield model_runner.token_to_kv_pool_allocator.get_kvcache()


def find_swa_pool(model_runner) -> Optional[SWAKVPool]:
    return next(
        (p for p in _candidate_pools(model_runner) if isinstance(p, SWAKVPool)),
        None,
    )


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, topk: int = 1):
        super().__init__()
        self.topk = topk
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = find_swa_pool(model_runner)
        logger.info("swa pool resolved: %s", self.swa_kv_pool is not None)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_kv_pool or self.kv_pool
        locs = self.swa_kv_pool.translate_loc_from_full_to_swa(loc) if self.swa_kv_pool else loc
        return pool, locs
