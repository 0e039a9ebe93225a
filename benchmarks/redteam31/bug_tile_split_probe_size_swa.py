"""Split-KV decode backend with separate kernel tile sizes for full and sliding-window layers."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_TILE_CHOICES = (16, 32, 64, 128)


def _pick_tile(num_tokens: int) -> int:
    # Small pools mean short contexts; smaller tiles keep more CTAs busy there.
    for tile in _TILE_CHOICES:
        if num_tokens <= tile * 64:
            return tile
    return _TILE_CHOICES[-1]


@dataclass
class DecodeMetadata:
    page_table: Optional[torch.Tensor] = None
    cache_seqlens: Optional[torch.Tensor] = None
    num_splits: int = 1


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        # The sliding-window buffer is usually much smaller than the full one, so the
        # window layers get their own tile size.
        window_tokens = getattr(allocator, "size_swa", None)
        self.full_tile = _pick_tile(allocator.size)
        self.window_tile = _pick_tile(window_tokens) if window_tokens else self.full_tile

        self.use_swa = window_tokens is not None
        logger.debug(
            "split-kv tiles: full=%d window=%d swa=%s",
            self.full_tile,
            self.window_tile,
            self.use_swa,
        )
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens.to(torch.int32)
        tile = self.window_tile if self.use_swa else self.full_tile
        max_len = int(seq_lens.max().item()) if seq_lens.numel() else 0
        page_table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        self.forward_metadata = DecodeMetadata(
            page_table=page_table // self.page_size,
            cache_seqlens=seq_lens,
            num_splits=max(1, -(-max_len // tile)),
        )

    def forward_decode(self, loc):
        if self.use_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
