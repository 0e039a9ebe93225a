"""FA3-style backend port that precomputes a full-to-window index map for local attention layers."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

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


class GeneratedAttnBackend:
    """FlashAttention-3 backend (sm90)."""

    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        self.forward_metadata: Optional[FlashAttentionMetadata] = None
        self.max_context_len = getattr(model_runner.model_config, "context_len", 8192)
        self.device = model_runner.device
        self.decode_cuda_graph_metadata: dict = {}
        self.target_verify_metadata: dict = {}
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_cache_dtype = getattr(model_runner, "kv_cache_dtype", torch.bfloat16)
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.speculative_step_id = speculative_step_id
        self.skip_prefill = skip_prefill
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None)

        server_args = model_runner.server_args
        self.topk = getattr(server_args, "speculative_eagle_topk", None) or 0
        self.speculative_num_steps = getattr(server_args, "speculative_num_steps", None) or 0

        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # Local-attention layers index a compact buffer; keep the remap table handy so
        # page tables can be rewritten without a kernel launch per layer.
        self.full_to_swa_index_mapping = getattr(
            model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None
        )
        self.has_swa = self.full_to_swa_index_mapping is not None
        logger.debug(
            "fa3: page_size=%d topk=%d has_swa=%s", self.page_size, self.topk, self.has_swa
        )

    def _to_window_slots(self, slots: torch.Tensor) -> torch.Tensor:
        if not self.has_swa:
            return slots
        return self.full_to_swa_index_mapping[slots].to(slots.dtype)

    def init_forward_metadata(self, forward_batch):
        seqlens = forward_batch.seq_lens.to(torch.int32)
        bs = seqlens.numel()
        max_k = int(forward_batch.seq_lens_cpu.max().item())
        page_table = self.req_to_token[forward_batch.req_pool_indices, :max_k]
        cu_k = torch.nn.functional.pad(torch.cumsum(seqlens, 0, dtype=torch.int32), (1, 0))
        window = (self.sliding_window_size or -1, 0)
        self.forward_metadata = FlashAttentionMetadata(
            cache_seqlens_int32=seqlens,
            max_seq_len_k=max_k,
            cu_seqlens_q=torch.arange(bs + 1, dtype=torch.int32, device=self.device),
            cu_seqlens_k=cu_k,
            window_size=window,
            page_table=page_table,
            swa_page_table=self._to_window_slots(page_table) if self.has_swa else None,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata["shape"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.decode_cuda_graph_metadata[bs] = forward_mode

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu=None,
    ):
        self.target_verify_metadata[bs] = seq_lens_sum

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache and k is not None:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._to_window_slots(loc)
