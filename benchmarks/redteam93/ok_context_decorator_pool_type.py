"""Decode location helper wrapped in a ``ContextDecorator``.

``_decode_region`` marks location computation as an inference region and
counts decode steps for the metrics exporter. The sliding-window decision
is made from the pool the backend reads.
"""

import contextlib
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


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
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.allocator_name = type(self.allocator).__name__
        self.hybrid_swa = isinstance(self.token_to_kv_pool, SWAKVPool)

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        @_decode_region(self)
        def _remap() -> torch.Tensor:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

        return _remap()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.hybrid_swa:
            return self.token_to_kv_pool, self._swa_locations(loc)
        return self.token_to_kv_pool, loc
