"""Decode backend resolving the SWA pool with a guard on whether the draft writes its own KV."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_window_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    spec = model_runner.spec_algorithm
    if model_runner.is_draft_worker and not spec.has_draft_kv():
        # Drafts that write no KV chain of their own have nothing to window.
        logger.debug("draft %s writes no KV; no window pool", spec.name)
        return None
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if not isinstance(kv, SWAKVPool):
        return None
    return kv


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size or 1
        self.num_reqs = model_runner.max_running_requests
        self.window_pool = resolve_window_pool(model_runner)
        self.decode_steps = 0
        if self.window_pool is not None:
            logger.info(
                "window pool: swa_layers=%d size_swa=%d",
                self.window_pool.swa_layer_nums,
                self.window_pool.size_swa,
            )

    def forward_decode(self, loc):
        self.decode_steps += 1
        if self.window_pool is None:
            return self.kv_pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
