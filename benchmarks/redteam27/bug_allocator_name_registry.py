"""Decode backend with a registry of allocator families that need index translation."""

import logging

import torch

logger = logging.getLogger(__name__)

# Allocators whose indices live in the full-attention space and must be mapped before the
# sliding-window layers read them.
_TRANSLATING_ALLOCATORS = frozenset({"SWATokenToKVPoolAllocator", "PureSWATokenToKVPoolAllocator"})


def needs_translation(allocator) -> bool:
    return type(allocator).__name__ in _TRANSLATING_ALLOCATORS


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self._translate = needs_translation(model_runner.token_to_kv_pool_allocator)
        self.page_size = model_runner.page_size
        logger.info("translate=%s", self._translate)

    def init_forward_metadata(self, req_pool_indices: torch.Tensor, seq_lens: torch.Tensor):
        bs = req_pool_indices.shape[0]
        max_len = int(seq_lens.max().item()) if bs else 0
        self.page_table = self.req_to_token[req_pool_indices, :max_len]

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_pages = self.req_to_token.shape[1] // max(1, self.page_size)
        self.cuda_graph_page_table = torch.zeros(max_bs, max_pages, dtype=torch.int32)

    def forward_extend(self, loc):
        raise NotImplementedError("decode-only backend")

    def forward_decode(self, loc):
        if self._translate:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
