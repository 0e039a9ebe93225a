"""Sliding-window decode backend with a debug dump of the full->SWA index mapping.

`dump_mapping_histogram` buckets the allocator's mapping so an operator can see how
much of the full pool currently has a live SWA slot.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def dump_mapping_histogram(mapping: torch.Tensor, bins: int = 8) -> dict:
    live = mapping[mapping > 0]
    if live.numel() == 0:
        return {"live": 0, "total": int(mapping.numel())}
    hist = torch.histc(live.float(), bins=bins, min=0, max=float(live.max()))
    return {
        "live": int(live.numel()),
        "total": int(mapping.numel()),
        "hist": [int(x) for x in hist.tolist()],
    }


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.debug_every = 0

    def debug_dump(self) -> None:
        mapping = getattr(self.allocator, "full_to_swa_index_mapping", None)
        if mapping is None:
            logger.info("allocator has no full->swa mapping")
            return
        logger.info("full->swa mapping: %s", dump_mapping_histogram(mapping))

    def _read_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if isinstance(self.pool, SWAKVPool):
            return self.pool.full_to_swa_index_mapping[loc]
        return loc

    def forward_decode(self, loc: torch.Tensor):
        if self.debug_every:
            self.debug_dump()
        return self.pool, self._read_locations(loc)
