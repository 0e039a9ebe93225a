"""Torch-native SDPA backend with hybrid sliding-window cache support.

Used on CPU and for debugging. Besides the attention itself the backend reports
cache headroom at startup (from the token allocator), which helps when tuning
``--mem-fraction-static`` for long-context SWA models.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SDPAMetadata:
    seq_lens: Optional[torch.Tensor] = None
    req_pool_indices: Optional[torch.Tensor] = None
    extend_prefix_lens: Optional[torch.Tensor] = None
    is_causal: bool = True


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 4096, scaling: float = 1.0):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.scaling = scaling
        self.sliding_window_size = sliding_window_size

        allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self._report_capacity(allocator)

        self.forward_metadata: Optional[SDPAMetadata] = None
        self._graph_seq_lens: Optional[torch.Tensor] = None

    def _report_capacity(self, allocator: BaseTokenToKVPoolAllocator) -> None:
        try:
            free_tokens = allocator.available_size()
        except Exception:  # allocator not fully initialized yet
            free_tokens = -1
        logger.info(
            "sdpa backend: allocator=%s free_tokens=%s kv_pool=%s hybrid=%s",
            type(allocator).__name__,
            free_tokens,
            type(self.kv_pool).__name__,
            self.swa_pool is not None,
        )

    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = SDPAMetadata(
            seq_lens=forward_batch.seq_lens,
            req_pool_indices=forward_batch.req_pool_indices,
            extend_prefix_lens=getattr(forward_batch, "extend_prefix_lens", None),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_seq_lens = torch.ones(max_bs, dtype=torch.int64, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = SDPAMetadata(
            seq_lens=self._graph_seq_lens[:bs], req_pool_indices=req_pool_indices
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
        self._graph_seq_lens[:bs].copy_(seq_lens[:bs])

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _gather_source(
        self, sliding_window_size: Optional[int], loc: torch.Tensor
    ) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None or not sliding_window_size or sliding_window_size <= 0:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)

    def _run_sdpa(self, q, k, v, causal: bool):
        return torch.nn.functional.scaled_dot_product_attention(
            q, k, v, is_causal=causal, scale=self.scaling
        )

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        pool, cache_loc = self._gather_source(
            layer.sliding_window_size, forward_batch.out_cache_loc
        )
        if save_kv_cache:
            pool.set_kv_buffer(layer, cache_loc, k, v)
        return self._run_sdpa(q, k, v, causal=True)

    def forward_decode(self, loc: torch.Tensor):
        return self._gather_source(self.sliding_window_size, loc)
