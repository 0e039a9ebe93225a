"""FlashAttention-style decode/extend backend with logit soft-capping and attention sinks.

Supports hybrid sliding-window models: when the runner's KV pool is an ``SWAKVPool``
the SWA layers read through the full->SWA index translation of that pool.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_DEFAULT_SOFTCAP = 0.0
_SINK_TOKENS = 4


@dataclass
class FlashSoftcapMetadata:
    """Per-iteration metadata shared across layers."""

    cache_seqlens_int32: Optional[torch.Tensor] = None
    cu_seqlens_q: Optional[torch.Tensor] = None
    cu_seqlens_k: Optional[torch.Tensor] = None
    max_seq_len_q: int = 1
    max_seq_len_k: int = 0
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    sink_positions: list = field(default_factory=list)


def apply_logit_softcap(scores: torch.Tensor, cap: float) -> torch.Tensor:
    """tanh soft-capping as used by Gemma-2 style models."""
    if cap <= 0.0:
        return scores
    return cap * torch.tanh(scores / cap)


def _sink_mask(seq_len: int, num_sinks: int, device) -> torch.Tensor:
    mask = torch.zeros(seq_len, dtype=torch.bool, device=device)
    mask[: min(num_sinks, seq_len)] = True
    return mask


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        skip_prefill: bool = False,
        logit_cap: float = _DEFAULT_SOFTCAP,
        num_sink_tokens: int = _SINK_TOKENS,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool
        self.skip_prefill = skip_prefill
        self.logit_cap = float(logit_cap)
        self.num_sink_tokens = num_sink_tokens
        self.forward_metadata: Optional[FlashSoftcapMetadata] = None
        self.decode_cuda_graph_metadata = {}

        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

        # Hybrid SWA: translate against the pool this backend actually reads.
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None

        self.scale = 1.0 / math.sqrt(128)
        logger.info(
            "FlashSoftcap backend ready: page_size=%d, softcap=%.1f, sinks=%d, swa=%s, "
            "free_tokens=%d",
            self.page_size,
            self.logit_cap,
            self.num_sink_tokens,
            self.use_sliding_window_kv_pool,
            self.token_to_kv_pool_allocator.available_size(),
        )

    # ------------------------------------------------------------------ metadata
    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        seqlens = forward_batch.seq_lens.to(torch.int32)
        metadata = FlashSoftcapMetadata(
            cache_seqlens_int32=seqlens,
            max_seq_len_k=int(forward_batch.seq_lens_cpu.max().item()),
            cu_seqlens_k=torch.nn.functional.pad(
                torch.cumsum(seqlens, 0, dtype=torch.int32), (1, 0)
            ),
        )
        metadata.cu_seqlens_q = torch.arange(0, bs + 1, dtype=torch.int32, device=self.device)
        metadata.page_table = self.req_to_token.req_to_token[
            forward_batch.req_pool_indices, : metadata.max_seq_len_k
        ]
        if self.use_sliding_window_kv_pool:
            metadata.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(
                metadata.page_table
            )
        metadata.sink_positions = list(range(self.num_sink_tokens))
        self.forward_metadata = metadata

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_pages = max_num_tokens // max(self.page_size, 1) + 1
        self.decode_cuda_graph_metadata = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "page_table": torch.zeros(max_bs, max_pages, dtype=torch.int32, device=self.device),
        }
        if self.use_sliding_window_kv_pool:
            self.decode_cuda_graph_metadata["swa_page_table"] = torch.zeros(
                max_bs, max_pages, dtype=torch.int32, device=self.device
            )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        metadata = FlashSoftcapMetadata(
            cache_seqlens_int32=self.decode_cuda_graph_metadata["cache_seqlens"][:bs],
            page_table=self.decode_cuda_graph_metadata["page_table"][:bs],
            max_seq_len_q=1,
        )
        if self.use_sliding_window_kv_pool:
            metadata.swa_page_table = self.decode_cuda_graph_metadata["swa_page_table"][:bs]
        self.forward_metadata = metadata

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------ forward
    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        cache_loc = forward_batch.out_cache_loc
        if save_kv_cache and k is not None:
            self.token_to_kv_pool.set_kv_buffer(layer, cache_loc, k, v)
        scores = torch.einsum("qhd,khd->hqk", q.float(), k.float()) * self.scale
        scores = apply_logit_softcap(scores, self.logit_cap)
        return torch.einsum("hqk,khd->qhd", scores.softmax(-1), v.float()).to(q.dtype)

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool, self._swa_locations(loc)
        return self.token_to_kv_pool, loc
