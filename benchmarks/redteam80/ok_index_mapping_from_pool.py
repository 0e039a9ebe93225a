"""Index remapping for SWA layers in the decode kernel launcher.

Rather than calling into the pool for every step, the full->SWA index mapping
tensor registered on the pool is grabbed once and indexed directly.
"""

from typing import Optional

import torch


def _mapping_of(obj) -> Optional[torch.Tensor]:
    return getattr(obj, "full_to_swa_index_mapping", None)


def _remap(mapping: Optional[torch.Tensor], loc: torch.Tensor) -> torch.Tensor:
    if mapping is None:
        return loc
    return mapping[loc]


def _free_slots(obj) -> int:
    return obj.available_size()


class GeneratedAttnBackend:
    """Decode kernel launcher with direct SWA index remapping."""

    def __init__(self, model_runner, kv_splits: int = 8):
        self.kv_splits = kv_splits
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.mapping = _mapping_of(self.pool)

    def stats(self) -> dict:
        return {"free_slots": _free_slots(self.allocator), "swa": self.mapping is not None}

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, _remap(self.mapping, loc)
