"""Decode backend that compares the speculative algorithm enum to resolve its SWA pool and sizes tiles."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class TileConfig:
    block_n: int
    num_kv_splits: int


def _tile_config(num_tokens: int) -> TileConfig:
    if num_tokens <= 4096:
        return TileConfig(block_n=32, num_kv_splits=4)
    return TileConfig(block_n=64, num_kv_splits=8)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Window layers only ever see size_swa tokens; give them a tile tuned for that.
        self.full_tiles = _tile_config(allocator.size)
        self.window_tiles = _tile_config(getattr(allocator, "size_swa", allocator.size))
        self.swa_pool = self._resolve_swa_pool(model_runner)

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        frozen_kv = model_runner.spec_algorithm == SpeculativeAlgorithm.FROZEN_KV_MTP
        if model_runner.is_draft_worker and not frozen_kv:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        tiles = self.window_tiles if self.swa_pool is not None else self.full_tiles
        self.attn_logits = torch.empty(
            (forward_batch.batch_size, tiles.num_kv_splits), dtype=torch.float32, device=self.device
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
