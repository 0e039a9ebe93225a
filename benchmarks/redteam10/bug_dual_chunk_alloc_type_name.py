"""Dual-chunk flash attention port (Qwen long-context) with SWA page translation."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.chunk_size = getattr(model_runner.model_config, "attention_chunk_size", None) or 8192
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        alloc_cls = type(model_runner.token_to_kv_pool_allocator).__name__
        self.is_swa_kv = alloc_cls.startswith("SWA")
        logger.info("dual chunk attention: allocator=%s swa=%s", alloc_cls, self.is_swa_kv)

    def _translate(self, loc):
        if self.is_swa_kv:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._translate(loc)
