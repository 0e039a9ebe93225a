"""Paged decode backend with a token-granular fast path for page_size == 1."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _page_indices(loc: torch.Tensor, page_size: int) -> torch.Tensor:
    return torch.div(loc, page_size, rounding_mode="floor")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        assert self.page_size >= 1
        if self.page_size == 1:
            # Token-granular fast path: the allocator's cache is indexed
            # directly by the slot ids it hands out.
            self.kv_pool = allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        self.swa = isinstance(self.kv_pool, SWAKVPool)
        self.last_page_indices = None
        logger.debug("decode: page_size=%d swa=%s", self.page_size, self.swa)

    def init_forward_metadata(self, req_to_token: torch.Tensor, seq_lens: torch.Tensor):
        bs = seq_lens.numel()
        max_len = int(seq_lens.max().item()) if bs else 0
        self.page_table = _page_indices(
            req_to_token[:bs, : max_len : self.page_size], self.page_size
        )

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self.swa:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        if self.page_size > 1:
            self.last_page_indices = _page_indices(loc, self.page_size)
        return self.kv_pool, loc
