"""FlashInfer-style decode indices updater whose KV pool is fetched from the shared allocator."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class FlashInferIndicesUpdaterDecode:
    """Builds the kv_indices the decode wrappers read, per wrapper id."""

    def __init__(self, model_runner, attn_backend):
        self.sliding_window_size = model_runner.sliding_window_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        # The allocator is the source of truth for which pool the indices it
        # hands out refer to.
        self.kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.use_sliding_window_kv_pool = isinstance(self.kv_pool, SWAKVPool)
        self.attn_backend = attn_backend

    def kv_indices_for(self, wrapper_id, loc):
        if wrapper_id == 0 and self.use_sliding_window_kv_pool:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.num_wrappers = 2
        self.decode_use_tensor_cores = True
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)

    def forward_decode(self, loc):
        updater = self.indices_updater_decode
        return updater.kv_pool, updater.kv_indices_for(0, loc)
