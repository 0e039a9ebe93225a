"""Sliding-window decode backend that exports KV occupancy gauges per decode step."""

import logging
import time
from collections import deque

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVGauges:
    """Rolling gauges over the shared token allocator."""

    def __init__(self, allocator, history: int = 128):
        self._allocator = allocator
        self.full_free = deque(maxlen=history)
        self.swa_free = deque(maxlen=history)
        self.step_ms = deque(maxlen=history)

    def observe(self, step_ms: float) -> None:
        alloc = self._allocator
        full_fn = getattr(alloc, "full_available_size", alloc.available_size)
        swa_fn = getattr(alloc, "swa_available_size", None)
        self.full_free.append(full_fn())
        if swa_fn is not None:
            self.swa_free.append(swa_fn())
        self.step_ms.append(step_ms)

    def summary(self) -> dict:
        def _mean(xs):
            return sum(xs) / len(xs) if xs else 0.0

        return {
            "full_free_mean": _mean(self.full_free),
            "swa_free_mean": _mean(self.swa_free),
            "step_ms_mean": _mean(self.step_ms),
        }


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.gauges = KVGauges(model_runner.token_to_kv_pool_allocator)
        self.kv_pool = model_runner.token_to_kv_pool
        self._steps = 0

    @property
    def uses_swa(self) -> bool:
        return isinstance(self.gauges._allocator.get_kvcache(), SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        t0 = time.perf_counter()
        if self.uses_swa:
            out = self.gauges._allocator.translate_loc_from_full_to_swa(loc)
        else:
            out = loc
        self.gauges.observe((time.perf_counter() - t0) * 1e3)
        self._steps += 1
        if self._steps % 1000 == 0:
            logger.info("kv gauges: %s", self.gauges.summary())
        return self.kv_pool, out
