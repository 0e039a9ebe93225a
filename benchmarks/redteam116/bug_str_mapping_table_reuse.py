"""Decode backend that reports the full->SWA table size in ``__str__``.

The table is fetched from the allocator once; ``__str__`` prints its length
and decode gathers through it directly instead of calling into the pool.
"""

from typing import Optional

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._free_fn = allocator.available_size
        self.full_to_swa: Optional[torch.Tensor] = getattr(
            allocator, "full_to_swa_index_mapping", None
        )

    def __str__(self) -> str:
        table = "none" if self.full_to_swa is None else str(self.full_to_swa.numel())
        return f"{type(self).__name__}(full_to_swa={table}, free={self._free_fn()})"

    def _remap(self, loc: torch.Tensor) -> torch.Tensor:
        return self.full_to_swa[loc.long()].to(torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        if self.full_to_swa is None:
            return self.kv_pool, loc
        return self.kv_pool, self._remap(loc)
