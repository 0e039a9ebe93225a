"""Decode-side KV access through a thin delegating proxy.

The proxy forwards every attribute lookup to the KV pool the runner owns, so
the backend can keep a single handle around for the lifetime of the runner
while still picking up buffer reallocations (e.g. after ``resize``).
"""

from __future__ import annotations

import logging
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _PoolProxy:
    """Forward attribute access to ``model_runner.token_to_kv_pool``."""

    def __init__(self, model_runner) -> None:
        self._runner = model_runner

    @property
    def target(self):
        return self._runner.token_to_kv_pool

    def __getattr__(self, name: str) -> Any:
        # Only called for names not found on the proxy itself.
        return getattr(self.target, name)

    def __repr__(self) -> str:
        return f"_PoolProxy({type(self.target).__name__})"


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.sliding_window_size = sliding_window_size
        self.kv = _PoolProxy(model_runner)
        target = self.kv.target
        self.swa_pool: Optional[SWAKVPool] = target if isinstance(target, SWAKVPool) else None
        logger.debug("attn backend bound to %r (swa=%s)", self.kv, self.swa_pool is not None)

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.kv.target
        return pool, self._translate(loc)
