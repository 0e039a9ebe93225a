"""Paged decode backend with sliding-window support for EAGLE3 targets and drafts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class SWAConfig:
    swa_tokens: int
    enabled: bool


def probe_swa_config(allocator) -> SWAConfig:
    """Read the sliding-window capacity reported by the allocator."""
    swa_tokens = int(getattr(allocator, "size_swa", 0) or 0)
    return SWAConfig(swa_tokens=swa_tokens, enabled=swa_tokens > 0)


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_eagle3_aux: bool = False):
        self.enable_eagle3_aux = enable_eagle3_aux
        self.page_size = model_runner.page_size
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_config = probe_swa_config(allocator)
        if self.swa_config.enabled:
            self.kv_pool = allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        self._last_indices: Optional[torch.Tensor] = None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_config.enabled:
            indices = self.kv_pool.translate_loc_from_full_to_swa(loc)
        else:
            indices = loc
        self._last_indices = indices
        return self.kv_pool, indices
