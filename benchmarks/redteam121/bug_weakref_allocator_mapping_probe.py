"""Backend using a weak proxy to the token allocator.

The allocator owns the full->SWA index mapping; the backend keeps a weak proxy
to it (no reference cycle with the scheduler) and translates decode locations
when a mapping is present.
"""

from __future__ import annotations

import weakref
from typing import Optional

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.kv_pool = model_runner.token_to_kv_pool
        self._alloc = weakref.proxy(model_runner.token_to_kv_pool_allocator)
        self._has_swa_mapping = hasattr(self._alloc, "full_to_swa_index_mapping")

    def _maybe_swa_locs(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        if not self._has_swa_mapping:
            return None
        return self._alloc.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        swa_locs = self._maybe_swa_locs(loc)
        if swa_locs is None:
            return self.kv_pool, loc
        return self.kv_pool, swa_locs
