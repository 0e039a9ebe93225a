"""Aiter-style MHA backend (ROCm oriented) with FP8 KV and sliding-window support.

The SWA pool is resolved once per backend instance; speculative draft workers are
special-cased depending on how their draft reads KV.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_FP8 = (torch.float8_e4m3fn, torch.float8_e4m3fnuz, torch.float8_e5m2)


@dataclass
class AiterDecodeMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    kv_last_page_lens: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None
    max_q_len: int = 1
    max_kv_len: int = 0


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, use_fp8_kv: Optional[bool] = None):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        if use_fp8_kv is None:
            use_fp8_kv = self.token_to_kv_pool.dtype in _FP8
        self.use_fp8_kv = use_fp8_kv
        self.k_scale = torch.ones(1, dtype=torch.float32)
        self.v_scale = torch.ones(1, dtype=torch.float32)
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[AiterDecodeMetadata] = None
        self.cuda_graph_kv_indptr: Optional[torch.Tensor] = None
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models.

        FROZEN_KV MTP drafts keep their own (frozen) KV copy and never translate;
        every other runner falls back to the hybrid cache behind the allocator.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _scaled(self, t: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        if self.use_fp8_kv:
            return t.float() * scale.to(t.device)
        return t.float()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, 0)
        kv_indices = torch.cat(
            [
                self.req_to_token[forward_batch.req_pool_indices[i], : int(n)]
                for i, n in enumerate(forward_batch.seq_lens_cpu.tolist())
            ]
        )
        md = AiterDecodeMetadata(
            kv_indptr=kv_indptr,
            kv_indices=kv_indices,
            kv_last_page_lens=torch.ones(bs, dtype=torch.int32, device=self.device),
            max_kv_len=int(forward_batch.seq_lens_cpu.max()),
        )
        if self.swa_kv_pool is not None:
            md.swa_kv_indices = self.swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )
        self.cuda_graph_last_page = torch.ones(max_bs, dtype=torch.int32, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = AiterDecodeMetadata(
            kv_indptr=self.cuda_graph_kv_indptr[: bs + 1],
            kv_indices=self.cuda_graph_kv_indices,
            kv_last_page_lens=self.cuda_graph_last_page[:bs],
            max_kv_len=self.cuda_graph_kv_indices.numel(),
        )

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(
                layer, forward_batch.out_cache_loc, k, v, self.k_scale, self.v_scale
            )
        kf, vf = self._scaled(k, self.k_scale), self._scaled(v, self.v_scale)
        p = (q.float() @ kf.transpose(-1, -2) * layer.scaling).softmax(-1)
        return (p @ vf).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
