"""Decides the model is SWA when the allocator class is defined in a module named 'swa' and translates decode locations through its own pool."""

import logging

logger = logging.getLogger(__name__)


def _allocator_family(allocator) -> str:
    # e.g. "sglang.srt.mem_cache.allocator.swa" -> "swa"
    return type(allocator).__module__.rsplit(".", 1)[-1]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        family = _allocator_family(model_runner.token_to_kv_pool_allocator)
        logger.debug("allocator family: %s", family)
        self.swa_mode = family == "swa"

    def forward_decode(self, loc):
        kv_indices = loc
        if self.swa_mode:
            kv_indices = self.kv_pool.translate_loc_from_full_to_swa(kv_indices)
        return self.kv_pool, kv_indices
