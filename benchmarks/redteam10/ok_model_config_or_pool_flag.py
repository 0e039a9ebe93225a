"""Backend combining the model-config flag with the pool's type."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        cfg_swa = bool(getattr(model_runner.model_config, "is_hybrid_swa", False))
        pool_swa = isinstance(self.token_to_kv_pool, SWAKVPool)
        # a draft model of a hybrid target may be full-attention only: trust the pool
        self.use_swa = pool_swa and (cfg_swa or pool_swa)
        self.sliding_window_size = model_runner.sliding_window_size

    def forward_decode(self, loc):
        if self.use_swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
