"""Decode backend that stacks its per-step scopes with ``contextlib.ExitStack``.

Each decode step enters an inference-mode scope plus an optional profiler
range. Location translation for sliding-window layers is delegated to the
token allocator, which keeps the full->SWA mapping up to date.
"""

import contextlib
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_profiling: bool = False):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.enable_profiling = enable_profiling
        self._translate = getattr(self.allocator, "translate_loc_from_full_to_swa", None)
        self.is_hybrid_swa = self._translate is not None
        logger.info("decode backend init: hybrid_swa=%s", self.is_hybrid_swa)

    def _profile_range(self, name: str):
        if not self.enable_profiling:
            return contextlib.nullcontext()
        return torch.autograd.profiler.record_function(name)

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self._translate is None:
            return loc
        return self._translate(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with contextlib.ExitStack() as stack:
            stack.enter_context(torch.inference_mode())
            stack.enter_context(self._profile_range("swa_decode"))
            out_loc: Optional[torch.Tensor] = self._locations(loc)
        return self.kv_pool, out_loc
