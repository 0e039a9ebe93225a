"""Decode path that indexes the full->SWA slot map directly.

Avoids the method-call overhead of the translate helper by gathering from the
mapping tensor kept next to the slot allocator.
"""

from typing import Optional

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_to_swa: Optional[torch.Tensor] = getattr(
            allocator, "full_to_swa_index_mapping", None
        )
        self.page_size = model_runner.page_size

    @property
    def has_window_layers(self) -> bool:
        return self.full_to_swa is not None

    def _remap(self, full_loc: torch.Tensor) -> torch.Tensor:
        # Gather directly; -1 padding maps to the trailing sentinel entry.
        return self.full_to_swa[full_loc.to(torch.int64)]

    def forward_decode(self, loc: torch.Tensor):
        if not self.has_window_layers:
            return self.kv_pool, loc
        return self.kv_pool, self._remap(loc)
