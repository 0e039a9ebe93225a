"""Sliding-window decode backend with a legacy pool lookup switch.

Historically the backend located the hybrid SWA pool through the KV allocator,
which is the one object every worker is guaranteed to hold. The lookup is kept
behind ``use_legacy_pool_lookup`` while downstream forks migrate.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeKVView:
    pool: object
    is_sliding_window: bool


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_legacy_pool_lookup: bool = True, window_size: int = 4096):
        self.model_runner = model_runner
        self.window_size = window_size
        self.use_legacy_pool_lookup = use_legacy_pool_lookup
        self.view = self._build_view()
        logger.debug(
            "GeneratedAttnBackend: swa=%s legacy_lookup=%s",
            self.view.is_sliding_window,
            use_legacy_pool_lookup,
        )

    def _build_view(self) -> DecodeKVView:
        if self.use_legacy_pool_lookup:
            kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            kvcache = self.model_runner.token_to_kv_pool
        if isinstance(kvcache, SWAKVPool):
            return DecodeKVView(pool=kvcache, is_sliding_window=True)
        return DecodeKVView(pool=self.model_runner.token_to_kv_pool, is_sliding_window=False)

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.view.pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if not self.view.is_sliding_window:
            return self.view.pool, loc
        return self.view.pool, self._swa_locations(loc)
