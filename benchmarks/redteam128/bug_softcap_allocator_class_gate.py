"""Gemma-style attention backend: tanh logit soft-capping, interleaved local/global layers.

Local (sliding-window) layers look up their KV rows through the SWA index space.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


def _maybe_compile(fn):
    """Decorate with torch.compile only when explicitly enabled (keeps CPU tests fast)."""
    import os

    if os.environ.get("SGLANG_ENABLE_BACKEND_COMPILE", "0") == "1":
        return torch.compile(fn, dynamic=True)
    return fn


@_maybe_compile
def softcap_scores(scores: torch.Tensor, softcap: float) -> torch.Tensor:
    return torch.tanh(scores / softcap) * softcap


@dataclass
class GemmaForwardMetadata:
    seq_lens: Optional[torch.Tensor] = None
    max_seq_len: int = 0
    kv_indices: Optional[torch.Tensor] = None
    local_kv_indices: Optional[torch.Tensor] = None
    window_left: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        attn_logit_softcapping: Optional[float] = 50.0,
        sliding_window_size: int = 4096,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.softcap = attn_logit_softcapping
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        self.has_local_layers = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.local_layer_ids: List[int] = []
        self.forward_metadata: Optional[GemmaForwardMetadata] = None
        self._graph_seq_lens: Optional[torch.Tensor] = None
        self._graph_kv_indices: Optional[torch.Tensor] = None
        logger.info(
            "Gemma attention backend: softcap=%s window=%d local_layers=%s",
            self.softcap,
            self.sliding_window_size,
            self.has_local_layers,
        )

    def _window_left(self) -> int:
        return self.sliding_window_size - 1 if self.has_local_layers else -1

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens
        max_len = int(forward_batch.seq_lens_cpu.max())
        kv_indices = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = GemmaForwardMetadata(
            seq_lens=seq_lens,
            max_seq_len=max_len,
            kv_indices=kv_indices,
            window_left=self._window_left(),
        )
        if self.has_local_layers:
            md.local_kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_seq_lens = torch.ones(max_bs, dtype=torch.int32, device=self.device)
        self._graph_kv_indices = torch.zeros(
            max_bs, max_num_tokens // max_bs + 1, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = GemmaForwardMetadata(
            seq_lens=self._graph_seq_lens[:bs],
            max_seq_len=self._graph_kv_indices.shape[1],
            kv_indices=self._graph_kv_indices[:bs],
            window_left=self._window_left(),
        )

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        scores = (q.float() @ k.float().transpose(-1, -2)) * layer.scaling
        if self.softcap:
            scores = softcap_scores(scores, self.softcap)
        return (scores.softmax(-1) @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if self.has_local_layers:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
