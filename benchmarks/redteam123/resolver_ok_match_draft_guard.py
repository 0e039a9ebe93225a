"""SWA pool resolution for speculative-aware decode backends.

Resolution order:
  1. the worker's active pool, when it is hybrid;
  2. nothing, for draft workers that own their KV (every algorithm except
     frozen-KV MTP, whose draft reads the target cache);
  3. the cache registered with the shared allocator, when it is hybrid.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    owns_kv = model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    match (active, owns_kv):
        case (SWAKVPool(), _):
            return active
        case (_, True):
            return None
        case _:
            shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
            return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        logger.debug("resolved swa pool: %s", type(self.swa_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
