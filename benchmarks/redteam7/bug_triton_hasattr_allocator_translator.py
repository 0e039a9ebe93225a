"""Triton-style backend: SWA support detected by duck typing."""

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.num_kv_splits = model_runner.server_args.triton_attention_num_kv_splits
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        # only hybrid SWA allocators can map full indices into the window pool
        self.use_sliding_window = hasattr(
            token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"
        )
        self.forward_metadata = None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        pool = self.model_runner.token_to_kv_pool
        if self.use_sliding_window:
            swa_loc = pool.translate_loc_from_full_to_swa(out_cache_loc)
        else:
            swa_loc = out_cache_loc
        self.forward_metadata = (pool, swa_loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.forward_metadata
