"""Decode backend with a FlashInfer-style indices updater that rewrites kv_indices for SWA layers."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class DecodeIndicesUpdater:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def update(self, kv_indices, wrapper_id=0):
        if wrapper_id != 0:
            return kv_indices
        if not isinstance(self.token_to_kv_pool, SWAKVPool):
            return kv_indices
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.indices_updater_decode = DecodeIndicesUpdater(model_runner)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.indices_updater_decode.update(loc)
