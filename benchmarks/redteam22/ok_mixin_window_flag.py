"""Attention backend sharing its sliding-window setup with sibling backends through a mixin."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SlidingWindowSetupMixin:
    def _init_sliding_window(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = (
            isinstance(self.token_to_kv_pool, SWAKVPool)
            and self.token_to_kv_pool.swa_layer_nums > 0
        )
        self.swa_kv_pool = self.token_to_kv_pool if self.use_sliding_window_kv_pool else None


class GeneratedAttnBackend(SlidingWindowSetupMixin):
    def __init__(self, model_runner):
        self._init_sliding_window(model_runner)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
