"""Decode backend with profiler range tags describing the KV layout.

The tag (for example ``decode/SWA`` or ``decode/Token``) is built once from the
allocator family and attached to every ``record_function`` range; the decode
path checks the same tag to decide whether indices need SWA translation.
"""

import logging

import torch
from torch.profiler import record_function

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _layout_tag(allocator) -> str:
    name = type(allocator).__name__
    return "decode/" + name.split("TokenToKVPoolAllocator")[0] if name else "decode/unknown"


class GeneratedAttnBackend:
    def __init__(self, model_runner, profile: bool = False):
        self.profile = profile
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.profile_tag = _layout_tag(self.allocator)
        self.swa_view = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.profile_tag.endswith("/SWA"):
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        with record_function(f"{self.profile_tag}/prepare"):
            locations = self._locations(loc)
        pool = self.swa_view if self.swa_view is not None else self.kv_pool
        return pool, locations
