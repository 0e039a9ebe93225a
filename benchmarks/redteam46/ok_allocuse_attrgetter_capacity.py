"""Hybrid-window attention backend reporting allocator capacities through attrgetter."""

import logging
import operator
from dataclasses import dataclass

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_CAPACITIES = operator.attrgetter("size_full", "size_swa")
_PAGE = operator.attrgetter("page_size")


@dataclass
class CapacityReport:
    full: int
    swa: int
    page_size: int

    def as_labels(self) -> dict:
        return {"full": str(self.full), "swa": str(self.swa), "page": str(self.page_size)}


def _capacities(allocator) -> CapacityReport:
    try:
        full, swa = _CAPACITIES(allocator)
    except AttributeError:
        full = swa = allocator.size
    return CapacityReport(int(full), int(swa), int(getattr(allocator, "page_size", 1)))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.report = _capacities(model_runner.token_to_kv_pool_allocator)
        match self.pool:
            case SWAKVPool():
                self._layout = "windowed"
            case _:
                self._layout = "dense"
        self.page_size = _PAGE(self.pool) if hasattr(self.pool, "page_size") else 1
        logger.info("layout=%s capacity=%s", self._layout, self.report.as_labels())

    def max_window_tokens(self) -> int:
        if self._layout == "windowed":
            return self.report.swa
        return self.report.full

    def forward_decode(self, loc):
        if self._layout == "windowed":
            loc = self.pool.full_to_swa_index_mapping[loc]
        return self.pool, loc
