"""Local-attention backend with per-request window clamping and page-size aware indexing.

Whether the model runs hybrid sliding-window attention is inferred from the SWA
capacity that was provisioned; windowed layers then gather through the SWA index space.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


@dataclass
class LocalAttnMetadata:
    seq_lens: Optional[torch.Tensor] = None
    window_starts: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    local_kv_indices: Optional[torch.Tensor] = None
    extra: Dict[str, torch.Tensor] = field(default_factory=dict)


def round_up_to_page(n: int, page_size: int) -> int:
    return ((n + page_size - 1) // page_size) * page_size


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, attention_window: int = 4096):
        super().__init__()
        self.device = model_runner.device
        self.page_size = max(1, model_runner.page_size)
        self.attention_window = attention_window
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        swa_capacity = getattr(allocator, "size_swa", None)
        self.swa_capacity: Optional[int] = int(swa_capacity) if swa_capacity is not None else None
        self.local_attention_enabled = self.swa_capacity is not None
        if self.local_attention_enabled:
            self.swa_kv_pool = allocator.get_kvcache()
        else:
            self.swa_kv_pool = None

        self.forward_metadata: Optional[LocalAttnMetadata] = None
        self._graph_buffers: Dict[str, torch.Tensor] = {}
        logger.info(
            "Local attention: window=%d (page-rounded %d), swa_capacity=%s",
            attention_window,
            round_up_to_page(attention_window, self.page_size),
            self.swa_capacity,
        )

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens
        max_len = int(forward_batch.seq_lens_cpu.max())
        kv_indices = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = LocalAttnMetadata(
            seq_lens=seq_lens,
            window_starts=torch.clamp(seq_lens - self.attention_window, min=0),
            kv_indices=kv_indices,
        )
        if self.local_attention_enabled:
            md.local_kv_indices = self.swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        width = round_up_to_page(max_num_tokens // max(max_bs, 1) + 1, self.page_size)
        self._graph_buffers = {
            "seq_lens": torch.ones(max_bs, dtype=torch.int32, device=self.device),
            "kv_indices": torch.zeros(max_bs, width, dtype=torch.int64, device=self.device),
        }
        if self.local_attention_enabled:
            self._graph_buffers["local_kv_indices"] = torch.zeros(
                max_bs, width, dtype=torch.int64, device=self.device
            )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        b = self._graph_buffers
        md = LocalAttnMetadata(seq_lens=b["seq_lens"][:bs], kv_indices=b["kv_indices"][:bs])
        md.window_starts = torch.clamp(md.seq_lens - self.attention_window, min=0)
        if "local_kv_indices" in b:
            md.local_kv_indices = b["local_kv_indices"][:bs]
        self.forward_metadata = md

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        s = q.float() @ k.float().transpose(-1, -2) * layer.scaling
        n = s.shape[-1]
        idx = torch.arange(n, device=s.device)
        far = (idx.view(-1, 1) - idx.view(1, -1)) >= self.attention_window
        s = s.masked_fill(far[-s.shape[-2] :], float("-inf"))
        return (s.softmax(-1) @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self.local_attention_enabled:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
