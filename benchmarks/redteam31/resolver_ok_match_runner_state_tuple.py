"""Decode backend whose SWA-pool resolver matches on a tuple describing the runner's role."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_window_pool(runner) -> Optional[SWAKVPool]:
    pool = runner.token_to_kv_pool
    state = (
        isinstance(pool, SWAKVPool),
        bool(runner.is_draft_worker),
        runner.spec_algorithm.is_frozen_kv_mtp(),
    )
    match state:
        case (True, _, _):
            return pool
        case (False, True, False):
            # Draft with its own full-attention cache.
            return None
        case _:
            kv = runner.token_to_kv_pool_allocator.get_kvcache()
            return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        self.window_pool = _resolve_window_pool(model_runner)
        self.max_context_len = model_runner.req_to_token_pool.req_to_token.shape[1]
        self.decode_kv_indices = torch.empty(0, dtype=torch.int64, device=self.device)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            max_bs * self.max_context_len, dtype=torch.int64, device=self.device
        )
        self.cuda_graph_window_kv_indices = (
            torch.zeros_like(self.cuda_graph_kv_indices) if self.window_pool is not None else None
        )

    def forward_decode(self, loc):
        if self.window_pool is not None:
            return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
