"""A toy SGLang attention backend with the SWA pool/allocator confusion (kvguard example).

This file is linted, never imported: the sglang imports below need not resolve.

The backend decides whether it runs on a sliding-window (SWA) KV pool by looking at the
*allocator* type, and takes the SWA pool from the allocator's kvcache.  For a draft worker
(speculative decoding) the allocator is shared with the target model, so the draft backend
would believe it owns the target's SWA pool and translate indices through the wrong mapping.
"""

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator


class ToySlidingWindowAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.page_size = model_runner.page_size
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)
        self._swa_kv_pool = (
            allocator.get_kvcache() if self.use_sliding_window_kv_pool else None
        )
        self.token_to_kv_pool_allocator = allocator

    def _window_cache_loc(self, out_cache_loc):
        if not self.use_sliding_window_kv_pool:
            return out_cache_loc
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(out_cache_loc)

    def init_forward_metadata(self, forward_batch):
        self.window_loc = self._window_cache_loc(forward_batch.out_cache_loc)
