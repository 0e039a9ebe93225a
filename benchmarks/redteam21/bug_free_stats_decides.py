"""Backend that snapshots allocator free counts into a stats record and decides the window path from that record."""

from dataclasses import dataclass
from typing import Optional


@dataclass
class _KVStats:
    free_full: int
    free_swa: Optional[int]
    page_size: int


def _snapshot(allocator) -> _KVStats:
    full = getattr(allocator, "full_available_size", allocator.available_size)
    swa = getattr(allocator, "swa_available_size", None)
    return _KVStats(
        free_full=full(),
        free_swa=swa() if swa is not None else None,
        page_size=allocator.page_size,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.stats = _snapshot(model_runner.token_to_kv_pool_allocator)
        self.windowed = self.stats.free_swa is not None

    def forward_decode(self, loc):
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
