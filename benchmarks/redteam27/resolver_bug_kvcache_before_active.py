"""Hybrid decode backend whose resolver asks the allocator for the hybrid cache before the runner."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    # The allocator's cache is the one the scheduler sized; fall back to the runner's pool for
    # runners whose allocator was built without one.
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        logger.debug("draft worker keeps its own full-attention cache")
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.cuda_graph_swa_loc = torch.zeros(self.max_bs, dtype=torch.int64, device=self.device)
        logger.info(
            "swa pool resolved to %s",
            type(self.swa_kv_pool).__name__ if self.swa_kv_pool is not None else None,
        )

    def init_forward_metadata_replay_cuda_graph(self, out_cache_loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            n = out_cache_loc.shape[0]
            self.cuda_graph_swa_loc[:n] = self.swa_kv_pool.translate_loc_from_full_to_swa(
                out_cache_loc
            )

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
