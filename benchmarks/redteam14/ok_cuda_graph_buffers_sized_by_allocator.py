"""Backend that sizes its cuda-graph SWA buffers from the SWA allocator but translates only when its own pool is SWA."""

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.cuda_graph_swa_out_cache_loc = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        # Reserve the write-target buffer for the largest SWA slot id the
        # shared allocator may hand out, so capture never reallocates.
        allocator = self.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            capacity = min(max_num_tokens, allocator.size_swa)
        else:
            capacity = max_num_tokens
        self.cuda_graph_swa_out_cache_loc = torch.zeros(
            (capacity,), dtype=torch.int64, device=self.device
        )

    def forward_decode(self, loc):
        if self.cuda_graph_swa_out_cache_loc is None:
            self.init_cuda_graph_state(max_bs=4, max_num_tokens=64)
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
