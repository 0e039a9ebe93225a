from typing import Optional

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class _DecodeIndicesUpdater:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = attn_backend.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )

    def update(self, kv_indices, *, translate: Optional[bool] = None):
        if translate is None:
            translate = self.use_sliding_window_kv_pool
        if translate:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.indices_updater_decode = _DecodeIndicesUpdater(model_runner, self)

    def forward_decode(self, loc):
        kv_indices = self.indices_updater_decode.update(loc)
        return self.token_to_kv_pool, kv_indices
