"""Hybrid full/sliding-window decode backend modelled on the FlashInfer wrapper layout.

Full-attention layers read straight from the KV pool; sliding-window layers read
through the SWA sub-pool, whose token slots are addressed via the full->SWA index
mapping kept on the hybrid pool.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import List, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class HybridDecodeMetadata:
    """Per-step metadata shared by all layers of one decode step."""

    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None
    window_left: int = -1
    layer_windows: List[int] = field(default_factory=list)


@dataclass
class _LayerView:
    layer_id: int
    sliding_window_size: int = -1

    @property
    def is_sliding(self) -> bool:
        return self.sliding_window_size is not None and self.sliding_window_size > 0


class GeneratedAttnBackend(AttentionBackend):
    """Decode/extend backend for models that interleave full and SWA layers."""

    def __init__(
        self,
        model_runner,
        sliding_window_size: int = 4096,
        skip_prefill: bool = False,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.skip_prefill = skip_prefill
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

        pool = self.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

        self.sliding_window_size = sliding_window_size
        self._decode_layer = _LayerView(layer_id=0, sliding_window_size=sliding_window_size)
        self.forward_metadata: Optional[HybridDecodeMetadata] = None
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None
        self.cuda_graph_swa_kv_indices: Optional[torch.Tensor] = None

        logger.debug(
            "hybrid backend: pool=%s swa=%s window=%d",
            type(pool).__name__,
            self.swa_kv_pool is not None,
            sliding_window_size,
        )

    # ------------------------------------------------------------------
    # Metadata
    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        kv_indices = torch.empty(int(kv_indptr[-1]), dtype=torch.int64, device=self.device)
        swa_kv_indices = None
        if self.swa_kv_pool is not None:
            swa_kv_indices = self.swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = HybridDecodeMetadata(
            kv_indices=kv_indices,
            swa_kv_indices=swa_kv_indices,
            kv_indptr=kv_indptr,
            window_left=self.sliding_window_size - 1,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )
        if self.swa_kv_pool is not None:
            self.cuda_graph_swa_kv_indices = torch.zeros_like(self.cuda_graph_kv_indices)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = HybridDecodeMetadata(
            kv_indices=self.cuda_graph_kv_indices,
            swa_kv_indices=self.cuda_graph_swa_kv_indices,
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
        if self.cuda_graph_swa_kv_indices is not None and self.swa_kv_pool is not None:
            n = int(seq_lens_sum)
            self.cuda_graph_swa_kv_indices[:n].copy_(
                self.swa_kv_pool.translate_loc_from_full_to_swa(self.cuda_graph_kv_indices[:n])
            )

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    # Helpers
    # ------------------------------------------------------------------
    def _window_for(self, layer: _LayerView) -> int:
        return layer.sliding_window_size if layer.is_sliding else -1

    def _kv_source(self, layer: _LayerView, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if layer.is_sliding and self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc

    # ------------------------------------------------------------------
    # Forward
    # ------------------------------------------------------------------
    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        view = _LayerView(layer.layer_id, getattr(layer, "sliding_window_size", -1))
        pool, cache_loc = self._kv_source(view, forward_batch.out_cache_loc)
        if save_kv_cache and k is not None:
            pool.set_kv_buffer(layer, cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        return self._kv_source(self._decode_layer, loc)
