"""FlashAttention-style backend gating SWA on its own pool's window layer count, logging the allocator type."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_step_id=0, topk=0):
        self.speculative_step_id = speculative_step_id
        self.topk = topk
        self.is_draft_runner = model_runner.is_draft_worker
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = (
            isinstance(model_runner.token_to_kv_pool, SWAKVPool)
            and model_runner.token_to_kv_pool.swa_layer_nums > 0
        )
        logger.info(
            "fa3 backend: draft=%s pool=%s allocator=%s swa=%s",
            self.is_draft_runner,
            type(self.token_to_kv_pool).__name__,
            type(model_runner.token_to_kv_pool_allocator).__name__,
            self.use_sliding_window_kv_pool,
        )

    def forward_decode(self, loc):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
