"""Decode backend whose CUDA-graph state depends on the resolved SWA pool.

``_resolve_swa_kv_pool`` mirrors the runner-side resolution: the active pool
wins; a draft worker never inherits the target's hybrid pool, except for
frozen-KV MTP drafts which read the target's cache directly.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 4):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _resolve_swa_kv_pool(model_runner)
        self.max_bs = max_bs
        self.cuda_graph_out_cache_loc: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_cache_loc = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )
        logger.info("graph state allocated (swa=%s)", self.swa_kv_pool is not None)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            out_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        self.cuda_graph_out_cache_loc[:bs].copy_(out_cache_loc)

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.shape[0]
        if self.cuda_graph_out_cache_loc is None:
            self.init_cuda_graph_state(max(bs, self.max_bs), max(bs, self.max_bs))
        self.init_forward_metadata_replay_cuda_graph(bs, loc)
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self.cuda_graph_out_cache_loc[:bs].clone()
