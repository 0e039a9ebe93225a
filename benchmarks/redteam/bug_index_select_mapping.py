import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator
        self.windowed = isinstance(self.alloc, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.windowed:
            loc = torch.index_select(self.alloc.full_to_swa_index_mapping, 0, loc)
        return self.pool, loc
