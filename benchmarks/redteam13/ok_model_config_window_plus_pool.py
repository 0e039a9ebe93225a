"""Backend that reads the window size from the model config and decides SWA from the config plus its own pool."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        config = model_runner.model_config
        self.sliding_window_size = getattr(config, "sliding_window_size", None) or getattr(
            model_runner, "sliding_window_size", None
        )
        hybrid_config = bool(getattr(config, "is_hybrid_swa", False))
        pool_is_swa = isinstance(self.pool, SWAKVPool)
        if hybrid_config and not pool_is_swa:
            logger.warning("hybrid SWA model on a full KV pool; window translation disabled")
        self.use_swa = pool_is_swa and (hybrid_config or self.pool.swa_layer_nums > 0)

    def forward_decode(self, loc):
        if self.use_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
