"""KV pool resolution as an ordered list of candidates.

Candidates are tried in order: the runner's own pool first, then (only for
runners that share the target's KV, i.e. targets and frozen-KV MTP drafts) the
cache registered with the shared allocator.
"""

import logging
from typing import Iterator, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _reads_shared_kv(model_runner) -> bool:
    if not model_runner.is_draft_worker:
        return True
    return model_runner.spec_algorithm.is_frozen_kv_mtp()


def _candidates(model_runner) -> Iterator[KVCache]:
    yield model_runner.token_to_kv_pool
    if _reads_shared_kv(model_runner):
        yield model_runner.token_to_kv_pool_allocator.get_kvcache()


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    for cand in _candidates(model_runner):
        if isinstance(cand, SWAKVPool):
            return cand
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, layer_hint: int = 0):
        self.layer_hint = layer_hint
        self.own_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        logger.debug("resolved swa pool: %s", type(self.swa_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool
        if pool is None:
            return self.own_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
