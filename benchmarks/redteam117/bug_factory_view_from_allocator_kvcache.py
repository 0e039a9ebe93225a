"""KV view factory for the sliding-window decode path.

The backend does not touch pools directly; instead ``build_kv_view`` assembles a
small ``DecodeKVView`` record once at construction time, which carries the pool
that decode kernels read from and a callable that maps full-attention slots to
the slots of that pool.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

LocMapper = Callable[[torch.Tensor], torch.Tensor]


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


@dataclass(frozen=True)
class DecodeKVView:
    pool: object
    map_loc: LocMapper
    is_hybrid_swa: bool

    def describe(self) -> str:
        kind = "hybrid-swa" if self.is_hybrid_swa else "full"
        return f"DecodeKVView(kind={kind}, pool={type(self.pool).__name__})"


def build_kv_view(model_runner) -> DecodeKVView:
    """Build the decode KV view for ``model_runner``.

    The allocator owns the full->SWA index mapping, so we ask it for the
    backing cache and reuse its translation when the cache is hybrid.
    """
    allocator = model_runner.token_to_kv_pool_allocator
    kvcache = allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return DecodeKVView(
            pool=kvcache,
            map_loc=kvcache.translate_loc_from_full_to_swa,
            is_hybrid_swa=True,
        )
    return DecodeKVView(pool=model_runner.token_to_kv_pool, map_loc=_identity, is_hybrid_swa=False)


class GeneratedAttnBackend:
    """Decode-only attention backend driven by a prebuilt ``DecodeKVView``."""

    def __init__(self, model_runner, view_factory=build_kv_view):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_view: DecodeKVView = view_factory(model_runner)
        self._last_locs: Optional[torch.Tensor] = None
        logger.debug("initialized with %s", self.kv_view.describe())

    def forward_decode(self, loc: torch.Tensor):
        view = self.kv_view
        locations = view.map_loc(loc)
        self._last_locs = locations
        return view.pool, locations
