"""TRT-LLM style MHA backend with paged KV, attention sinks and SWA page tables.

The SWA pool used for page-table translation is resolved once at construction time;
speculative draft workers that own a separate KV pool keep their own index space.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

if TYPE_CHECKING:
    from sglang.srt.model_executor.model_runner import ModelRunner

logger = logging.getLogger(__name__)

DEFAULT_WORKSPACE_BYTES = 128 * 1024 * 1024


@dataclass
class TRTLLMMHADecodeMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    max_seq_len_k: int = 0
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    sinks: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner: "ModelRunner", workspace_bytes: int = DEFAULT_WORKSPACE_BYTES):
        super().__init__()
        self.device = model_runner.device
        self.page_size = max(model_runner.page_size, 1)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.workspace_bytes = workspace_bytes
        self.workspace_buffer: Optional[torch.Tensor] = None
        self.decode_cuda_graph_metadata: dict = {}
        self.forward_metadata: Optional[TRTLLMMHADecodeMetadata] = None

        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self._swa_full_to_swa_mapping = (
            self._swa_kv_pool.full_to_swa_index_mapping if self._swa_kv_pool is not None else None
        )
        logger.info(
            "TRTLLM MHA backend initialised (page_size=%d, swa=%s, draft=%s)",
            self.page_size,
            self._swa_kv_pool is not None,
            model_runner.is_draft_worker,
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner: "ModelRunner") -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models.

        Draft workers share the target allocator for token bookkeeping but own their KV
        pool; only FROZEN_KV MTP reads the target KV directly.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool

        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None

        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _ensure_workspace(self) -> torch.Tensor:
        if self.workspace_buffer is None:
            self.workspace_buffer = torch.zeros(
                self.workspace_bytes // 4, dtype=torch.int32, device=self.device
            )
        return self.workspace_buffer

    def _page_table_from_tokens(self, token_table: torch.Tensor) -> torch.Tensor:
        strided = token_table[:, :: self.page_size]
        return torch.div(strided, self.page_size, rounding_mode="floor").to(torch.int32)

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens.to(torch.int32)
        max_len = int(forward_batch.seq_lens_cpu.max())
        tokens = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = TRTLLMMHADecodeMetadata(
            cache_seqlens_int32=seq_lens,
            max_seq_len_k=max_len,
            page_table=self._page_table_from_tokens(tokens),
        )
        if self._swa_kv_pool is not None:
            swa_tokens = self._swa_kv_pool.translate_loc_from_full_to_swa(tokens)
            md.swa_page_table = self._page_table_from_tokens(swa_tokens)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_pages = (max_num_tokens + self.page_size - 1) // self.page_size
        self.decode_cuda_graph_metadata = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "page_table": torch.zeros(max_bs, max_pages, dtype=torch.int32, device=self.device),
            "swa_page_table": (
                torch.zeros(max_bs, max_pages, dtype=torch.int32, device=self.device)
                if self._swa_kv_pool is not None
                else None
            ),
        }

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        g = self.decode_cuda_graph_metadata
        self.forward_metadata = TRTLLMMHADecodeMetadata(
            cache_seqlens_int32=g["cache_seqlens"][:bs],
            max_seq_len_k=g["page_table"].shape[1] * self.page_size,
            page_table=g["page_table"][:bs],
            swa_page_table=None if g["swa_page_table"] is None else g["swa_page_table"][:bs],
        )

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True, sinks=None):
        self._ensure_workspace()
        if save_kv_cache and k is not None:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        logits = q.float() @ k.float().transpose(-1, -2) * layer.scaling
        if sinks is not None:
            logits = torch.cat([logits, sinks.view(1, -1, 1).expand(*logits.shape[:-1], 1)], -1)
            return (logits.softmax(-1)[..., :-1] @ v.float()).to(q.dtype)
        return (logits.softmax(-1) @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
