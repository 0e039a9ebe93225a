"""SWA backend whose pool resolution is a chain of small resolver steps."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _from_active_pool(mr):
    pool = mr.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _regular_draft_has_none(mr):
    try:
        frozen = mr.spec_algorithm.is_frozen_kv_mtp()
    except AttributeError:
        frozen = False
    if mr.is_draft_worker and not frozen:
        logger.debug("regular draft worker: no SWA pool")
        return None
    return None


def _from_allocator(mr):
    kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


# Each step returns a pool or None to defer to the next one.
SWA_POOL_RESOLVERS = (_from_active_pool, _regular_draft_has_none, _from_allocator)


def resolve_swa_pool(mr):
    for step in SWA_POOL_RESOLVERS:
        pool = step(mr)
        if pool is not None:
            logger.debug("%s resolved %s", step.__name__, type(pool).__name__)
            return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
