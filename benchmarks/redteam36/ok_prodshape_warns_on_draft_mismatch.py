"""Decode backend warning when a hybrid allocator comes with a full-only pool; the pool decides."""

import logging

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        alloc_name = type(allocator).__name__
        self.sliding_window = isinstance(self.token_to_kv_pool, SWAKVPool)
        if alloc_name.startswith("SWA") and not self.sliding_window:
            if getattr(model_runner, "is_draft_worker", False):
                logger.info(
                    "draft worker shares %s but owns %s; reading full-attention layout",
                    alloc_name,
                    type(self.token_to_kv_pool).__name__,
                )
            else:
                logger.warning(
                    "%s paired with non-SWA pool %s",
                    alloc_name,
                    type(self.token_to_kv_pool),
                )
        self.num_decode_calls = 0

    def forward_decode(self, loc: torch.Tensor):
        self.num_decode_calls += 1
        if not self.sliding_window:
            return self.token_to_kv_pool, loc
        return (
            self.token_to_kv_pool,
            self.token_to_kv_pool.translate_loc_from_full_to_swa(loc),
        )

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)
        self.cuda_graph_max_bs = max_bs
