"""Hybrid decode backend: a cached SWA view of the KV cache, looked up once."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WindowState:
    swa_view: Optional[SWAKVPool] = None
    max_window_tokens: int = 0

    @property
    def active(self) -> bool:
        return self.swa_view is not None


def _swa_view_of(pool) -> Optional[SWAKVPool]:
    if not isinstance(pool, SWAKVPool):
        return None
    return pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.window = WindowState(
            swa_view=_swa_view_of(self.pool),
            max_window_tokens=getattr(allocator, "size_swa", 0),
        )
        if self.window.active:
            assert allocator.get_kvcache() is self.pool, (
                f"SWA pool {type(self.pool).__name__} is not the one "
                f"{type(allocator).__name__} manages ({type(allocator.get_kvcache()).__name__})"
            )
        self.req_to_token_pool = model_runner.req_to_token_pool

    def _window_locs(self, loc: torch.Tensor) -> torch.Tensor:
        return self.window.swa_view.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.window.active:
            return loc
        return self._window_locs(loc)

    def forward_decode(self, loc: torch.Tensor):
        locations = self.init_forward_metadata(loc)
        return self.pool, locations
