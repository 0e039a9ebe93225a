import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.window_translate = None
        if (swa_alloc := getattr(alloc, "swa_attn_allocator", None)) is not None:
            logger.info("sliding-window slots: %s", swa_alloc.size)
            self.window_translate = self.pool.translate_loc_from_full_to_swa

    def forward_decode(self, loc):
        if self.window_translate:
            loc = self.window_translate(loc)
        return self.pool, loc
