"""Paged backend that takes page geometry from the allocator and the window switch from the pool."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_SWA_POOL_CLASS_NAMES = ("SWAKVPool",)


@dataclass(frozen=True)
class PageGeometry:
    page_size: int
    num_pages: int
    num_tokens: int


@dataclass
class PagedMetadata:
    page_table: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None
    last_page_len: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator
        page_size = int(getattr(allocator, "page_size", 1) or 1)
        num_tokens = int(getattr(allocator, "size", 0))
        self.geometry = PageGeometry(page_size, max(num_tokens // page_size, 1), num_tokens)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.window_reads = type(self.token_to_kv_pool).__name__ in _SWA_POOL_CLASS_NAMES
        self.forward_metadata: Optional[PagedMetadata] = None
        self.graph_shapes: dict = {}
        logger.info("paged backend: %s window_reads=%s", self.geometry, self.window_reads)

    def _slots(self, slots: torch.Tensor) -> torch.Tensor:
        if self.window_reads:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(slots)
        return slots

    def _pages(self, slots: torch.Tensor) -> torch.Tensor:
        ps = self.geometry.page_size
        return slots if ps == 1 else slots[:, ::ps] // ps

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens.max().item())
        table = self._slots(self.req_to_token[forward_batch.req_pool_indices, :max_len])
        ps = self.geometry.page_size
        self.forward_metadata = PagedMetadata(
            page_table=self._pages(table),
            seq_lens=forward_batch.seq_lens,
            last_page_len=(forward_batch.seq_lens - 1) % ps + 1,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_shapes["max"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph_shapes[bs] = num_tokens

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu=None,
    ):
        self.graph_shapes[(bs, "replay")] = seq_lens_sum

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._slots(loc)
