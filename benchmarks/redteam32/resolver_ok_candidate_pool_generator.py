"""SWA pool resolver written as a first-match scan over a generator of candidate pools."""

import logging
from typing import Iterator, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _candidate_pools(model_runner) -> Iterator[object]:
    """Pools this runner may translate against, most specific first."""
    yield model_runner.token_to_kv_pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return
    yield model_runner.token_to_kv_pool_allocator.get_kvcache()


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    for pool in _candidate_pools(model_runner):
        if isinstance(pool, SWAKVPool):
            return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        if self.cuda_graph_swa_loc is None or self.cuda_graph_swa_loc.numel() < loc.numel():
            self.cuda_graph_swa_loc = torch.zeros_like(loc)
        n = loc.numel()
        self.cuda_graph_swa_loc[:n] = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, self.cuda_graph_swa_loc[:n].clone()
