"""Sliding-window decode backend with a capacity-dependent split-KV tile size.

Small SWA budgets favour short tiles (fewer partially filled blocks), so the tile size is picked
from the allocator's SWA slot count. Which pool is read, and whether indices are remapped, is
decided by the pool attached to the runner.
"""

from typing import Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_TILE_CHOICES = (16, 32, 64, 128)


def pick_tile_size(num_slots: int) -> int:
    for tile in _TILE_CHOICES:
        if num_slots <= tile * 64:
            return tile
    return _TILE_CHOICES[-1]


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_tile: int = 128):
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        slots = getattr(allocator, "size_swa", None) or allocator.size
        self.tile_size = min(pick_tile_size(int(slots)), max_tile)
        self.num_kv_splits = max(1, int(slots) // (self.tile_size * 8))
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
