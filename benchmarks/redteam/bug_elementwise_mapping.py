import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator
        self.hybrid = hasattr(self.alloc, "swa_attn_allocator")

    def forward_decode(self, loc):
        if self.hybrid:
            table = self.alloc.full_to_swa_index_mapping
            loc = torch.stack([table[i] for i in loc])
        return self.pool, loc
