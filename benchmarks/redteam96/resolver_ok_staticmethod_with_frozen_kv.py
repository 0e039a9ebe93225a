"""FlashAttention-3 backend with a local-attention page table for SWA layers.

On hybrid models the SWA layers index a compacted SWA cache. The pool to translate
against is looked up once by ``_resolve_swa_kv_pool`` and kept on the backend so the
CUDA-graph buffers and the eager path agree.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    max_seq_len_q: int = 1
    max_seq_len_k: int = 0
    cu_seqlens_q: Optional[torch.Tensor] = None
    cu_seqlens_k: Optional[torch.Tensor] = None
    window_size: tuple = (-1, -1)
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    extras: Dict[str, torch.Tensor] = field(default_factory=dict)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        sliding_window_size: int = 4096,
        topk: int = 0,
        speculative_num_steps: int = 0,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_cache = model_runner.token_to_kv_pool
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        self.sliding_window_size = sliding_window_size
        self.is_draft = bool(model_runner.is_draft_worker)

        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

        self.forward_metadata: Optional[FlashAttentionMetadata] = None
        self.decode_cuda_graph_metadata: Dict[str, torch.Tensor] = {}
        logger.debug(
            "fa3 backend init: draft=%s swa=%s topk=%d",
            self.is_draft,
            self._swa_kv_pool is not None,
            topk,
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWA pool to translate against, or None for non-SWA models.

        EAGLE draft workers share the target allocator but own their own KV pool;
        frozen-KV MTP drafts read the target cache, so they still need the
        allocator's pool when their active pool is not hybrid.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        seqlens = forward_batch.seq_lens.to(torch.int32)
        bs = forward_batch.batch_size
        cu_k = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        cu_k[1:] = torch.cumsum(seqlens, dim=0)
        metadata = FlashAttentionMetadata(
            cache_seqlens_int32=seqlens,
            max_seq_len_k=int(seqlens.max()) if bs else 0,
            cu_seqlens_q=torch.arange(bs + 1, dtype=torch.int32, device=self.device),
            cu_seqlens_k=cu_k,
            window_size=(self.sliding_window_size - 1, 0),
        )
        self.forward_metadata = metadata

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_pages = (max_num_tokens + self.page_size - 1) // self.page_size
        self.decode_cuda_graph_metadata = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "page_table": torch.zeros(max_bs, max_pages, dtype=torch.int32, device=self.device),
        }
        if self._swa_kv_pool is not None:
            self.decode_cuda_graph_metadata["swa_page_table"] = torch.zeros(
                max_bs, max_pages, dtype=torch.int32, device=self.device
            )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        md = self.decode_cuda_graph_metadata
        self.forward_metadata = FlashAttentionMetadata(
            cache_seqlens_int32=md["cache_seqlens"][:bs],
            page_table=md["page_table"][:bs],
            swa_page_table=md.get("swa_page_table"),
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
        md = self.decode_cuda_graph_metadata
        md["cache_seqlens"][:bs].copy_(seq_lens[:bs])

    # ------------------------------------------------------------------
    def _use_swa(self, sliding_window_size: Optional[int]) -> bool:
        return (
            self._swa_kv_pool is not None
            and sliding_window_size is not None
            and sliding_window_size > -1
        )

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache and k is not None:
            self.kv_cache.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        if self._use_swa(self.sliding_window_size):
            pool = self._swa_kv_pool
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
