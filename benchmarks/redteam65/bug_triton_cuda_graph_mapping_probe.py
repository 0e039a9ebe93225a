"""Triton decode backend with a captured SWA location buffer.

When the KV allocator maintains a full->SWA index mapping, replay translates the
batch's cache locations into the captured buffer so the window layers read from
their sliding-window slots.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


def _has_full_to_swa_mapping(allocator) -> bool:
    return getattr(allocator, "full_to_swa_index_mapping", None) is not None


class TritonDecodeMetadata:
    def __init__(self, kv_indptr: torch.Tensor, kv_indices: torch.Tensor):
        self.kv_indptr = kv_indptr
        self.kv_indices = kv_indices
        self.swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, cuda_graph_max_bs: int = 128):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.translate_swa = _has_full_to_swa_mapping(self.token_to_kv_pool_allocator)
        self.cuda_graph_kv_indices = torch.zeros(cuda_graph_max_bs, dtype=torch.int64)
        self.cuda_graph_swa_kv_indices = torch.zeros(cuda_graph_max_bs, dtype=torch.int64)
        self.forward_metadata: Optional[TritonDecodeMetadata] = None

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor) -> None:
        bs = loc.shape[0]
        self.cuda_graph_kv_indices[:bs].copy_(loc)
        md = TritonDecodeMetadata(
            kv_indptr=torch.arange(bs + 1, dtype=torch.int32),
            kv_indices=self.cuda_graph_kv_indices[:bs],
        )
        if self.translate_swa:
            self.cuda_graph_swa_kv_indices[:bs].copy_(
                self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
            )
            md.swa_kv_indices = self.cuda_graph_swa_kv_indices[:bs]
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata_replay_cuda_graph(loc)
        md = self.forward_metadata
        if md.swa_kv_indices is not None:
            return self.token_to_kv_pool, md.swa_kv_indices.clone()
        return self.token_to_kv_pool, md.kv_indices.clone()
