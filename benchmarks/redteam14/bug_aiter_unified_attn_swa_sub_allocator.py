"""AITER-style backend that switches to unified window attention when the allocator has a window sub-allocator."""

import os


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "0").lower() in ("1", "true", "yes")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size

        window_allocator = getattr(
            model_runner.token_to_kv_pool_allocator, "swa_attn_allocator", None
        )
        self.use_sliding_window_kv_pool = window_allocator is not None
        if self.use_sliding_window_kv_pool:
            self.use_triton_unified_attention = True
        else:
            self.use_triton_unified_attention = _env_flag("SGLANG_USE_AITER_UNIFIED_ATTN")

    def _swa_slot_mapping(self, loc):
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.use_triton_unified_attention and self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self._swa_slot_mapping(loc)
        return self.token_to_kv_pool, loc
