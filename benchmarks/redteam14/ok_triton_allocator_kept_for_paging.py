"""Triton-style backend that keeps the allocator for page sizing and decides the window path from its own pool."""

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill=False):
        self.skip_prefill = skip_prefill
        self.device = model_runner.device
        self.sliding_window_size = model_runner.sliding_window_size
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        # The allocator's paging decides how wide the kv_indptr arithmetic is.
        self.page_size = getattr(self.token_to_kv_pool_allocator, "page_size", 1) or 1
        max_bs = self.req_to_token_pool.size
        self.kv_indptr = torch.zeros((max_bs + 1,), dtype=torch.int32, device=self.device)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
