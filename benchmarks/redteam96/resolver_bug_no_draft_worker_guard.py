"""Paged decode backend for hybrid sliding-window models (Gemma-style interleave).

``_lookup_window_pool`` finds the hybrid pool that owns the full->SWA index mapping.
Sliding-window layers read from it with translated slot indices; full layers use the
regular cache.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class PagedDecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    block_tables: Optional[torch.Tensor] = None
    window_block_tables: Optional[torch.Tensor] = None
    max_seq_len: int = 0


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 512, block_size: int = 16):
        super().__init__()
        self.device = model_runner.device
        self.block_size = block_size
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.sliding_window_size = sliding_window_size
        self.window_pool = self._lookup_window_pool(model_runner)
        self.forward_metadata: Optional[PagedDecodeMetadata] = None
        self._graph_block_tables: Optional[torch.Tensor] = None
        self._graph_window_tables: Optional[torch.Tensor] = None
        self._graph_seq_lens: Optional[torch.Tensor] = None

    @staticmethod
    def _lookup_window_pool(model_runner) -> Optional[SWAKVPool]:
        """Locate the hybrid pool for this runner.

        Prefer the runner's own pool; otherwise fall back to the cache registered
        with the allocator (runners that wrap the pool still register the hybrid
        cache there).
        """
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.spec_algorithm.is_frozen_kv_mtp():
            logger.debug("frozen-kv MTP draft: reading target cache")
        registered = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(registered, SWAKVPool):
            return registered
        return None

    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        max_len = int(forward_batch.seq_lens.max()) if bs else 0
        num_blocks = (max_len + self.block_size - 1) // self.block_size
        self.forward_metadata = PagedDecodeMetadata(
            seq_lens=forward_batch.seq_lens.to(torch.int32),
            block_tables=torch.zeros(bs, num_blocks, dtype=torch.int32, device=self.device),
            max_seq_len=max_len,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_blocks = (max_num_tokens + self.block_size - 1) // self.block_size
        self._graph_seq_lens = torch.ones(max_bs, dtype=torch.int32, device=self.device)
        self._graph_block_tables = torch.zeros(
            max_bs, max_blocks, dtype=torch.int32, device=self.device
        )
        if self.window_pool is not None:
            self._graph_window_tables = torch.zeros_like(self._graph_block_tables)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = PagedDecodeMetadata(
            seq_lens=self._graph_seq_lens[:bs],
            block_tables=self._graph_block_tables[:bs],
            window_block_tables=(
                self._graph_window_tables[:bs] if self._graph_window_tables is not None else None
            ),
        )

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu,
    ):
        self._graph_seq_lens[:bs].copy_(seq_lens[:bs].to(torch.int32))

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _layer_windows(self, num_layers: int) -> List[int]:
        return [self.sliding_window_size if i % 2 == 0 else -1 for i in range(num_layers)]

    def _is_windowed(self, sliding_window_size: int) -> bool:
        return sliding_window_size > 0 and self.window_pool is not None

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        if self._is_windowed(self.sliding_window_size):
            return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
