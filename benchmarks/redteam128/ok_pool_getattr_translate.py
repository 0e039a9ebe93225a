"""XPU attention backend with paged KV and optional sliding-window translation.

Whether a pool supports full->SWA translation is feature-detected on the KV pool the
backend reads, which keeps this backend agnostic to the concrete pool class.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

LocTranslator = Callable[[torch.Tensor], torch.Tensor]


@dataclass
class XPUForwardMetadata:
    cu_seqlens_q: Optional[torch.Tensor] = None
    cu_seqlens_k: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    max_seqlen_k: int = 0


def _cu_seqlens(lens: torch.Tensor) -> torch.Tensor:
    return torch.nn.functional.pad(torch.cumsum(lens, 0, dtype=torch.int32), (1, 0))


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, causal: bool = True):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.causal = causal
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool = model_runner.token_to_kv_pool

        self._translate: Optional[LocTranslator] = getattr(
            self.kv_pool, "translate_loc_from_full_to_swa", None
        )
        self.forward_metadata: Optional[XPUForwardMetadata] = None
        self.decode_cuda_graph_metadata: dict = {}
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "XPU backend: pool=%s allocator=%s translate=%s",
            type(self.kv_pool).__name__,
            type(allocator).__name__,
            self._translate is not None,
        )

    @property
    def translates_swa(self) -> bool:
        return self._translate is not None

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        max_len = int(forward_batch.seq_lens_cpu.max())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = XPUForwardMetadata(
            cu_seqlens_q=torch.arange(bs + 1, dtype=torch.int32, device=self.device),
            cu_seqlens_k=_cu_seqlens(forward_batch.seq_lens),
            page_table=table,
            max_seqlen_k=max_len,
        )
        if self.translates_swa:
            md.swa_page_table = self._translate(table)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        width = max_num_tokens // max(1, max_bs) + 1
        self.decode_cuda_graph_metadata = {
            "page_table": torch.zeros(max_bs, width, dtype=torch.int64, device=self.device),
            "cu_seqlens_k": torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device),
        }

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        g = self.decode_cuda_graph_metadata
        self.forward_metadata = XPUForwardMetadata(
            cu_seqlens_q=torch.arange(bs + 1, dtype=torch.int32, device=self.device),
            cu_seqlens_k=g["cu_seqlens_k"][: bs + 1],
            page_table=g["page_table"][:bs],
            max_seqlen_k=g["page_table"].shape[1],
        )

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        s = q.float() @ k.float().transpose(-1, -2) * layer.scaling
        if self.causal:
            lq, lk = s.shape[-2], s.shape[-1]
            s = s.masked_fill(
                ~torch.ones(lq, lk, dtype=torch.bool, device=s.device).tril(lk - lq),
                float("-inf"),
            )
        return (s.softmax(-1) @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self.translates_swa:
            return self.kv_pool, self._translate(loc)
        return self.kv_pool, loc
