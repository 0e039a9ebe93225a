"""Cutlass MHA decode backend with lazily resolved window cache.

The window cache is only needed once the first sliding-window layer runs, so it is
resolved lazily from the pool this runner reads and cached on the instance.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class CutlassDecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    workspace: Optional[torch.Tensor] = None
    window_left: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        sliding_window_size: int = 4096,
        workspace_size: int = 16 * 1024 * 1024,
    ):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.sliding_window_size = sliding_window_size
        self.workspace_size = workspace_size
        self.forward_metadata: Optional[CutlassDecodeMetadata] = None
        self._graph_seq_lens: Optional[torch.Tensor] = None
        self._graph_page_table: Optional[torch.Tensor] = None
        self._workspace: Optional[torch.Tensor] = None

    @property
    def kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    @functools.cached_property
    def window_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        window_pool = pool if isinstance(pool, SWAKVPool) else None
        logger.debug("cutlass backend window pool: %s", type(window_pool).__name__)
        return window_pool

    # ------------------------------------------------------------------
    def _workspace_buffer(self) -> torch.Tensor:
        if self._workspace is None:
            self._workspace = torch.empty(
                self.workspace_size, dtype=torch.uint8, device=self.device
            )
        return self._workspace

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = CutlassDecodeMetadata(
            seq_lens=forward_batch.seq_lens.to(torch.int32),
            workspace=self._workspace_buffer(),
            window_left=self.sliding_window_size - 1,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        pages = (max_num_tokens + self.page_size - 1) // self.page_size
        self._graph_seq_lens = torch.ones(max_bs, dtype=torch.int32, device=self.device)
        self._graph_page_table = torch.zeros(max_bs, pages, dtype=torch.int32, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = CutlassDecodeMetadata(
            seq_lens=self._graph_seq_lens[:bs],
            page_table=self._graph_page_table[:bs],
            workspace=self._workspace_buffer(),
            window_left=self.sliding_window_size - 1,
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
    def _reads_window(self, sliding_window_size: Optional[int]) -> bool:
        return (
            bool(sliding_window_size) and sliding_window_size > 0 and self.window_pool is not None
        )

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        if not self._reads_window(self.sliding_window_size):
            return self.kv_pool, loc
        swa = self.window_pool
        return swa, swa.translate_loc_from_full_to_swa(loc)
