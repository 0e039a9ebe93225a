"""Decode backend family toggled by the ``USES_WINDOW`` class attribute.

The base backend reads the runner's KV cache at full locations; the windowed
subclass flips ``USES_WINDOW`` and remaps decode locations into the
sliding-window index space.
"""

from __future__ import annotations

from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


class _FullAttnDecodeBackend:
    USES_WINDOW: bool = False

    def __init__(self, model_runner) -> None:
        self.device = model_runner.device
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def _map_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.USES_WINDOW:
            return loc
        translate = getattr(self.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa", None)
        return translate(loc) if translate is not None else loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.token_to_kv_pool, self._map_locations(loc)


class _SlidingWindowDecodeBackend(_FullAttnDecodeBackend):
    USES_WINDOW = True


class GeneratedAttnBackend(_SlidingWindowDecodeBackend):
    """Sliding-window decode backend used for hybrid SWA checkpoints."""

    def __init__(self, model_runner, max_bs: int = 256) -> None:
        super().__init__(model_runner)
        self.max_bs = max_bs
        self.decode_loc_buf = torch.zeros(max_bs, dtype=torch.int64)
