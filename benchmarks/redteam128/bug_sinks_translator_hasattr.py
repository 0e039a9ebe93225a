"""Attention backend for GPT-OSS style models with learned attention sinks.

Alternating sliding-window / full layers. The sliding-window index translation is
picked up from whichever component exposes it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


@dataclass
class SinkAttnMetadata:
    seq_lens: Optional[torch.Tensor] = None
    cu_seqlens_k: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None
    max_seq_len: int = 0


def sink_softmax(logits: torch.Tensor, sinks: Optional[torch.Tensor]) -> torch.Tensor:
    """Softmax with an extra per-head sink logit that absorbs probability mass."""
    if sinks is None:
        return logits.softmax(dim=-1)
    sink = sinks.view(-1, 1, 1).expand(logits.shape[0], logits.shape[1], 1).to(logits.dtype)
    probs = torch.cat([logits, sink], dim=-1).softmax(dim=-1)
    return probs[..., :-1]


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window: int = 128, use_sinks: bool = True):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.sliding_window = sliding_window
        self.use_sinks = use_sinks
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        self._full_to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.allocator, "translate_loc_from_full_to_swa", None
        )
        self.forward_metadata: Optional[SinkAttnMetadata] = None
        self._cg_seq_lens: Optional[torch.Tensor] = None
        self._cg_kv_indices: Optional[torch.Tensor] = None
        logger.info(
            "Sink attention backend: window=%d sinks=%s swa_translate=%s",
            sliding_window,
            use_sinks,
            self._full_to_swa is not None,
        )

    @property
    def has_swa(self) -> bool:
        return self._full_to_swa is not None

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens
        max_len = int(forward_batch.seq_lens_cpu.max())
        kv_indices = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        cu = torch.zeros(seq_lens.numel() + 1, dtype=torch.int32, device=self.device)
        cu[1:] = torch.cumsum(seq_lens, 0)
        md = SinkAttnMetadata(
            seq_lens=seq_lens, cu_seqlens_k=cu, kv_indices=kv_indices, max_seq_len=max_len
        )
        if self.has_swa:
            md.swa_kv_indices = self._full_to_swa(kv_indices)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._cg_seq_lens = torch.zeros(max_bs, dtype=torch.int32, device=self.device)
        self._cg_kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = SinkAttnMetadata(
            seq_lens=self._cg_seq_lens[:bs],
            kv_indices=self._cg_kv_indices,
            max_seq_len=self._cg_kv_indices.numel(),
        )

    def get_cuda_graph_seq_len_fill_value(self):
        return 0

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True, sinks=None):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        logits = (q.float() @ k.float().transpose(-1, -2)) * layer.scaling
        probs = sink_softmax(logits, sinks if self.use_sinks else None)
        return (probs @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self.has_swa:
            return self.kv_pool, self._full_to_swa(loc)
        return self.kv_pool, loc
