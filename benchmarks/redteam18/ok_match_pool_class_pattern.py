"""Picks the KV layout with a match statement on its own pool's class pattern (SWAKVPool with a swa_kv_pool); the allocator's class is only logged."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        match self.pool:
            case SWAKVPool(swa_kv_pool=window) if window is not None:
                self._window_layers = window.layer_num
            case _:
                self._window_layers = 0
        logger.info(
            "attention backend: %d sliding-window layers, allocator %s",
            self._window_layers,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    def forward_decode(self, loc):
        if self._window_layers:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
