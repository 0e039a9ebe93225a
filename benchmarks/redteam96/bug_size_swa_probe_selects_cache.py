"""XPU attention backend (IPEX paged kernels) with hybrid SWA cache support.

Hybrid deployments are recognised by a non-zero SWA capacity; in that case the
backend works against the hybrid cache object and resolves window-layer slots
through it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@dataclass
class XPUAttnMetadata:
    cu_seqlens_q: Optional[torch.Tensor] = None
    cu_seqlens_k: Optional[torch.Tensor] = None
    max_seqlen_q: int = 1
    max_seqlen_k: int = 0
    block_table: Optional[torch.Tensor] = None
    window_size: Tuple[int, int] = (-1, -1)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 4096, softcap: float = 0.0):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.softcap = softcap
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.has_swa = False
        self._configure_hybrid()

        self.forward_metadata: Optional[XPUAttnMetadata] = None
        self._graph: dict = {}

    def _configure_hybrid(self) -> None:
        swa_capacity = int(getattr(self.token_to_kv_pool_allocator, "size_swa", 0) or 0)
        if swa_capacity > 0:
            self.has_swa = True
            self.kv_cache = self.token_to_kv_pool_allocator.get_kvcache()
        logger.info(
            "xpu backend: swa_capacity=%d cache=%s", swa_capacity, type(self.kv_cache).__name__
        )

    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        seq_lens = forward_batch.seq_lens.to(torch.int32)
        cu_k = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        cu_k[1:] = torch.cumsum(seq_lens, 0)
        self.forward_metadata = XPUAttnMetadata(
            cu_seqlens_q=torch.arange(bs + 1, dtype=torch.int32, device=self.device),
            cu_seqlens_k=cu_k,
            max_seqlen_k=int(seq_lens.max()) if bs else 0,
            window_size=(self.sliding_window_size - 1, 0) if self.has_swa else (-1, -1),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        pages = (max_num_tokens + self.page_size - 1) // self.page_size
        self._graph = {
            "cu_seqlens_k": torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device),
            "block_table": torch.zeros(max_bs, pages, dtype=torch.int32, device=self.device),
        }

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = XPUAttnMetadata(
            cu_seqlens_k=self._graph["cu_seqlens_k"][: bs + 1],
            block_table=self._graph["block_table"][:bs],
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
        self._graph["cu_seqlens_k"][1 : bs + 1] = torch.cumsum(seq_lens[:bs], 0)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _slots_for_layer(self, sliding_window_size: int, loc: torch.Tensor) -> torch.Tensor:
        if self.has_swa and sliding_window_size > 0:
            return self.kv_cache.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_cache.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_cache, self._slots_for_layer(self.sliding_window_size, loc)

    # ------------------------------------------------------------------
    # Debug helpers
    # ------------------------------------------------------------------
    def describe(self) -> str:
        md = self.forward_metadata
        return (
            f"{type(self).__name__}(page_size={self.page_size}, "
            f"metadata={type(md).__name__ if md is not None else None})"
        )

    def reset_forward_metadata(self) -> Optional[object]:
        previous, self.forward_metadata = self.forward_metadata, None
        return previous
