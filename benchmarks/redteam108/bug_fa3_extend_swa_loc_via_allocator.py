"""FA3 backend (fork): forward_extend / forward_decode share one SWA helper.

The write-location translation for SWA layers goes through the token
allocator, which is the object that populates the full->SWA index table at
allocation time (``set_full_to_swa_mapping``), so reads stay consistent with
whatever the allocator last handed out.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.sliding_window_size = getattr(model_runner.model_config, "sliding_window", None)
        self.use_sliding_window_kv_pool = hasattr(
            self.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"
        )
        logger.info(
            "FA3 fork backend: swa=%s window=%s skip_prefill=%s",
            self.use_sliding_window_kv_pool,
            self.sliding_window_size,
            skip_prefill,
        )

    def _swa_locations(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        if not self.use_sliding_window_kv_pool:
            return None
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)

    def _select(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        swa_loc = self._swa_locations(loc)
        if swa_loc is None:
            return self.token_to_kv_pool, loc
        pool = self.token_to_kv_pool
        return pool, swa_loc

    def forward_extend(self, loc: torch.Tensor):
        if self.skip_prefill:
            raise RuntimeError("prefill disabled on this backend instance")
        return self._select(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self._select(loc)
