"""Triton backend port: SWA support detection from the KV pool."""

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.num_kv_splits = model_runner.server_args.triton_attention_num_kv_splits
        self.support_swa = hasattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa")

    def free_slots(self):
        # the allocator is only used for capacity accounting
        return self.token_to_kv_pool_allocator.available_size()

    def forward_decode(self, loc):
        kv_indices = loc.to(torch.int64)
        if self.support_swa:
            kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        return self.token_to_kv_pool, kv_indices
