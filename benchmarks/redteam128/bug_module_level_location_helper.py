"""FlashMLA-style paged decode backend (MHA variant) with split-KV scheduling.

Location handling for hybrid sliding-window models is factored into module-level helpers
so that the scheduler metadata and the decode kernel launch share the same code path.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)

BLOCK_N = 64


@dataclass
class SplitKVMetadata:
    tile_scheduler: Optional[torch.Tensor] = None
    num_splits: Optional[torch.Tensor] = None
    block_table: Optional[torch.Tensor] = None
    swa_block_table: Optional[torch.Tensor] = None
    cache_seqlens: Optional[torch.Tensor] = None


def uses_hybrid_locations(model_runner) -> bool:
    return isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)


def to_swa_locations(model_runner, locs: torch.Tensor) -> torch.Tensor:
    """Map full-pool token locations to SWA-pool locations for windowed layers."""
    allocator = model_runner.token_to_kv_pool_allocator
    return allocator.get_kvcache().translate_loc_from_full_to_swa(locs)


def split_kv_schedule(
    seq_lens: torch.Tensor, num_sm: int = 132
) -> Tuple[torch.Tensor, torch.Tensor]:
    blocks = torch.div(seq_lens + BLOCK_N - 1, BLOCK_N, rounding_mode="floor")
    total = int(blocks.sum().item()) if blocks.numel() else 0
    per_sm = max(1, math.ceil(total / num_sm))
    num_splits = torch.clamp(torch.div(blocks + per_sm - 1, per_sm, rounding_mode="floor"), min=1)
    sched = torch.zeros(num_sm, 8, dtype=torch.int32, device=seq_lens.device)
    return sched, num_splits.to(torch.int32)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_sm: int = 132):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.num_sm = num_sm
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.hybrid = uses_hybrid_locations(model_runner)
        self.forward_metadata: Optional[SplitKVMetadata] = None
        self._cg_block_table: Optional[torch.Tensor] = None
        self._cg_seqlens: Optional[torch.Tensor] = None
        logger.info("Split-KV decode backend: sms=%d hybrid=%s", num_sm, self.hybrid)

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        sched, splits = split_kv_schedule(forward_batch.seq_lens, self.num_sm)
        md = SplitKVMetadata(
            tile_scheduler=sched,
            num_splits=splits,
            block_table=table,
            cache_seqlens=forward_batch.seq_lens.to(torch.int32),
        )
        if self.hybrid:
            md.swa_block_table = to_swa_locations(self.model_runner, table)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        width = max_num_tokens // max(1, max_bs) + 1
        self._cg_block_table = torch.zeros(max_bs, width, dtype=torch.int64, device=self.device)
        self._cg_seqlens = torch.ones(max_bs, dtype=torch.int32, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        sched, splits = split_kv_schedule(self._cg_seqlens[:bs], self.num_sm)
        self.forward_metadata = SplitKVMetadata(
            tile_scheduler=sched,
            num_splits=splits,
            block_table=self._cg_block_table[:bs],
            cache_seqlens=self._cg_seqlens[:bs],
        )

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        p = (q.float() @ k.float().transpose(-1, -2) * layer.scaling).softmax(-1)
        return (p @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        locations = to_swa_locations(self.model_runner, loc) if self.hybrid else loc
        return self.token_to_kv_pool, locations
