"""Ascend NPU decode backend.

The block table is preallocated for the allocator's full page count so graph
capture can use fixed shapes.  Sliding-window reads are enabled only when this
runner's KV pool is hybrid.
"""

from dataclasses import dataclass, field

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class AscendForwardMetadata:
    block_tables: torch.Tensor
    seq_lens_cpu_list: list = field(default_factory=list)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_num_reqs: int = 32):
        allocator = model_runner.token_to_kv_pool_allocator
        page_size = max(int(model_runner.page_size), 1)
        num_pages = max(int(allocator.size) // page_size, 1)
        self.forward_metadata = AscendForwardMetadata(
            block_tables=torch.zeros((max_num_reqs, num_pages), dtype=torch.int32)
        )
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_enabled = True
        else:
            self.swa_enabled = False

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if self.swa_enabled:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
