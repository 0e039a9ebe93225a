"""Decode backend that stacks its per-step scopes with ``contextlib.ExitStack``.

Each decode step enters an inference-mode scope plus an optional profiler
range. SWA translation goes through the runner's own hybrid pool.
"""

import contextlib
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_profiling: bool = False):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.enable_profiling = enable_profiling
        self._translate = getattr(self.kv_pool, "translate_loc_from_full_to_swa", None)

    def _profile_range(self, name: str):
        if not self.enable_profiling:
            return contextlib.nullcontext()
        return torch.autograd.profiler.record_function(name)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        out_loc: Optional[torch.Tensor] = None
        with contextlib.ExitStack() as stack:
            stack.enter_context(torch.inference_mode())
            stack.enter_context(self._profile_range("decode"))
            if isinstance(self.kv_pool, SWAKVPool) and self._translate is not None:
                out_loc = self._translate(loc)
            else:
                out_loc = loc
        return self.kv_pool, out_loc
