"""Attention backend publishing allocator size gauges read through operator.attrgetter."""

import logging
import operator
from typing import Dict

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_SPLIT_SIZES = operator.attrgetter("size_full", "size_swa")
_PLAIN_SIZE = operator.attrgetter("size")


def _size_gauges(allocator) -> Dict[str, int]:
    try:
        full, swa = _SPLIT_SIZES(allocator)
    except AttributeError:
        return {"kv_size": _PLAIN_SIZE(allocator)}
    return {"kv_size_full": full, "kv_size_swa": swa}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.gauges = _size_gauges(model_runner.token_to_kv_pool_allocator)
        self.gauges["page_size"] = model_runner.page_size
        self.is_sliding = isinstance(self.pool, (SWAKVPool,))
        logger.info("kv gauges: %s", self.gauges)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def refresh_gauges(self, allocator) -> None:
        """Called by the scheduler's metrics loop after each batch."""
        page_size = self.gauges.get("page_size", 1)
        self.gauges.update(_size_gauges(allocator))
        self.gauges["page_size"] = page_size
        self.gauges["free"] = allocator.available_size()

    def forward_decode(self, loc):
        if not self.is_sliding:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
