"""CPU decode backend with direct full->SWA gathers for window layers.

The hybrid pool exposes its full->SWA index mapping tensor; gathering from it
directly avoids a Python call per layer on CPU. Pools without a mapping are plain
full-attention caches.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@dataclass
class CPUDecodeMetadata:
    attn_logits: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None
    window_left: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        sliding_window_size: int = 4096,
        num_head: int = 8,
        num_kv_splits: int = 4,
        v_head_dim: int = 64,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.num_head = num_head
        self.num_kv_splits = num_kv_splits
        self.v_head_dim = v_head_dim
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.full_to_swa: Optional[torch.Tensor] = getattr(
            self.kv_pool, "full_to_swa_index_mapping", None
        )
        self.forward_metadata: Optional[CPUDecodeMetadata] = None
        self._graph_logits: Optional[torch.Tensor] = None
        logger.debug(
            "cpu backend: pool=%s has_mapping=%s free=%d",
            type(self.kv_pool).__name__,
            self.full_to_swa is not None,
            self.token_to_kv_pool_allocator.available_size(),
        )

    # ------------------------------------------------------------------
    def _alloc_logits(self, bs: int) -> torch.Tensor:
        return torch.zeros(
            (bs, self.num_head, self.num_kv_splits, self.v_head_dim + 1),
            dtype=torch.float32,
            device=self.device,
        )

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = CPUDecodeMetadata(
            attn_logits=self._alloc_logits(forward_batch.batch_size),
            seq_lens=forward_batch.seq_lens,
            window_left=self.sliding_window_size - 1,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_logits = self._alloc_logits(max_bs)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = CPUDecodeMetadata(attn_logits=self._graph_logits[:bs])

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
        pass

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _gather_window_slots(self, loc: torch.Tensor) -> torch.Tensor:
        return self.full_to_swa[loc]

    def _windowed(self, sliding_window_size: int) -> bool:
        return sliding_window_size > 0 and self.full_to_swa is not None

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        if self._windowed(self.sliding_window_size):
            return self.kv_pool, self._gather_window_slots(loc)
        return self.kv_pool, loc

    # ------------------------------------------------------------------
    # Misc
    # ------------------------------------------------------------------
    def forward_mixed(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        """Mixed chunked-prefill + decode batches take the extend path."""
        return self.forward_extend(q, k, v, layer, forward_batch, save_kv_cache=save_kv_cache)

    def get_cuda_graph_max_bs_hint(self, requested: Optional[int] = None) -> int:
        if requested is None or requested <= 0:
            return 160
        return min(int(requested), 512)
