"""Decode location helper wrapped in a ``ContextDecorator``.

``_decode_region`` marks the location computation as an inference region
(usable both as ``with`` block and decorator) and records how many decode
steps took the sliding-window path for the metrics exporter.
"""

import contextlib
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


class _decode_region(contextlib.ContextDecorator):
    def __init__(self, backend: "GeneratedAttnBackend"):
        self.backend = backend
        self._guard = None

    def __enter__(self):
        self._guard = torch.no_grad()
        self._guard.__enter__()
        return self

    def __exit__(self, *exc):
        self._guard.__exit__(*exc)
        self.backend.steps += 1
        return False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.steps = 0
        self.swa_steps = 0
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.hybrid_swa = type(self.allocator).__name__.startswith("SWA")

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        with _decode_region(self):
            self.swa_steps += 1
            return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.token_to_kv_pool
        if self.hybrid_swa:
            swa_pool = self.allocator.get_kvcache()
            return swa_pool, self._swa_locations(loc)
        return pool, loc
