"""Decode backend that gathers SWA locations from the index mapping directly.

Reading ``full_to_swa_index_mapping`` once at init avoids a Python method call
per decode step; shape and dtype are validated up front.
"""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, validate: bool = True):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        mapping: Optional[torch.Tensor] = getattr(allocator, "full_to_swa_index_mapping", None)

        if validate and mapping is not None:
            if mapping.dim() != 1:
                raise ValueError(
                    f"expected 1-D full->swa mapping, got shape {tuple(mapping.shape)}"
                )
            if mapping.dtype not in (torch.int32, torch.int64):
                raise ValueError(f"unsupported mapping dtype {mapping.dtype}")
        self.full_to_swa = mapping
        self.swa_pool = allocator.get_kvcache() if mapping is not None else None

    def _lookup(self, loc: torch.Tensor) -> torch.Tensor:
        assert self.full_to_swa is not None
        return self.full_to_swa[loc.to(self.full_to_swa.device)]

    def forward_decode(self, loc: torch.Tensor):
        if self.full_to_swa is None:
            return self.kv_pool, loc
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        return pool, self._lookup(loc)
