"""Scans its own pool class's MRO for SWAKVPool and, if found, remaps decode locations through that pool; logs the allocator's MRO."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _mro_names(obj) -> str:
    return " -> ".join(klass.__name__ for klass in type(obj).__mro__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        logger.info(
            "attention backend on allocator %s",
            _mro_names(model_runner.token_to_kv_pool_allocator),
        )
        self.sliding_window_enabled = SWAKVPool in type(self.kv_pool).__mro__

    def _swa_page_table(self, loc):
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        locations = self._swa_page_table(loc) if self.sliding_window_enabled else loc
        return self.kv_pool, locations
