"""Decode backend that builds SWA page tables from req_to_token rows.

Rows of req_to_token hold full-pool slots; window layers need SWA slots, so the
rows are remapped through the hybrid cache registered with the allocator.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 4, max_pages: int = 16):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.hybrid_cache: Optional[SWAKVPool] = cache if isinstance(cache, SWAKVPool) else None
        self.swa_page_table = torch.zeros(
            (max_bs, max_pages), dtype=torch.int64, device=self.device
        )

    def update_swa_page_table(self, req_pool_indices: torch.Tensor, seq_lens: torch.Tensor):
        if self.hybrid_cache is None:
            return
        for row, (req, n) in enumerate(zip(req_pool_indices.tolist(), seq_lens.tolist())):
            slots = self.req_to_token[req, :n].to(torch.int64)
            swa_slots = self.hybrid_cache.translate_loc_from_full_to_swa(slots)
            pages = swa_slots[:: self.page_size] // self.page_size
            self.swa_page_table[row, : pages.numel()] = pages

    def forward_decode(self, loc: torch.Tensor):
        self.update_swa_page_table(torch.tensor([0]), torch.tensor([2]))
        if self.hybrid_cache is None:
            return self.token_to_kv_pool, loc
        return self.hybrid_cache, self.hybrid_cache.translate_loc_from_full_to_swa(loc)
