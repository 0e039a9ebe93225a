"""Decode backend whose allocator-derived hybrid flag is switched off on draft workers."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_draft = bool(model_runner.is_draft_worker)
        # Draft workers share the target's allocator but not its pool, so the
        # allocator says nothing about what a draft reads.
        self.hybrid = isinstance(allocator, SWATokenToKVPoolAllocator) and not self.is_draft
        self.swa_pool: Optional[SWAKVPool] = None
        if self.hybrid:
            kv = allocator.get_kvcache()
            assert isinstance(kv, SWAKVPool), type(kv).__name__
            self.swa_pool = kv
        elif self.is_draft:
            logger.debug("draft worker: full attention on its own pool")

    def init_cuda_graph_state(self, max_bs: int, device="cpu"):
        self.cuda_graph_out_cache_loc = torch.zeros(max_bs, dtype=torch.int64, device=device)
        self.cuda_graph_swa_out_cache_loc = (
            torch.zeros(max_bs, dtype=torch.int64, device=device) if self.hybrid else None
        )

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        self.cuda_graph_out_cache_loc[:bs].copy_(out_cache_loc)
        if self.cuda_graph_swa_out_cache_loc is not None:
            self.cuda_graph_swa_out_cache_loc[:bs].copy_(
                self.swa_pool.translate_loc_from_full_to_swa(out_cache_loc)
            )

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self.hybrid:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
