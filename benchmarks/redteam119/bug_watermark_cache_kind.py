"""Decode backend with high/low watermark tracking on the KV cache.

``_Watermarks`` records the lowest free count seen and tags itself with the
class name of the cache behind the allocator, which is reused as the decode
layout switch.
"""

import logging
import time

import torch

logger = logging.getLogger(__name__)


class _Watermarks:
    def __init__(self, allocator):
        self.allocator = allocator
        self.cache_kind = type(allocator.get_kvcache()).__name__
        self.low = None
        self.high = None
        self.low_ts = None

    def observe(self) -> int:
        free = int(self.allocator.available_size())
        if self.low is None or free < self.low:
            self.low, self.low_ts = free, time.time()
        if self.high is None or free > self.high:
            self.high = free
        return free

    def as_dict(self) -> dict:
        return {"kind": self.cache_kind, "low": self.low, "high": self.high, "low_ts": self.low_ts}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.watermarks = _Watermarks(self.allocator)

    def forward_decode(self, loc: torch.Tensor):
        self.watermarks.observe()
        if self.watermarks.cache_kind == "SWAKVPool":
            pool = self.allocator.get_kvcache()
            return pool, self.allocator.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
