"""Decode backend that trusts the allocator type only on runners that own their allocator."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_draft_worker = model_runner.is_draft_worker
        # Draft workers borrow the target's allocator, so its type says nothing about the
        # draft's own pool; they always read full-attention slots.
        self.use_swa = not self.is_draft_worker and isinstance(allocator, SWATokenToKVPoolAllocator)
        self.page_size = allocator.page_size
        self.max_context_len = model_runner.model_config.context_len
        logger.info("draft=%s use_swa=%s", self.is_draft_worker, self.use_swa)

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        self.num_pages = (seq_lens + self.page_size - 1) // self.page_size

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_pages = (self.max_context_len + self.page_size - 1) // self.page_size
        self.cuda_graph_page_table = torch.zeros(max_bs, max_pages, dtype=torch.int32)
        self.cuda_graph_swa_loc = (
            torch.zeros(max_num_tokens, dtype=torch.int64) if self.use_swa else None
        )

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
