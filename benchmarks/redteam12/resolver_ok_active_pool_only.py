"""FA3-style backend that resolves its SWA pool from the active pool alone (no allocator fallback)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    max_seq_len_k: int = 0
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    window_size: tuple = (-1, -1)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.speculative_step_id = speculative_step_id
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None)
        server_args = model_runner.server_args
        self.topk = getattr(server_args, "speculative_eagle_topk", None) or 0
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.forward_metadata: Optional[FlashAttentionMetadata] = None
        self.decode_cuda_graph_metadata: dict = {}
        self.target_verify_metadata: dict = {}

    def init_forward_metadata(self, forward_batch):
        max_k = int(forward_batch.seq_lens_cpu.max().item())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_k]
        swa_table = None
        if self._swa_kv_pool is not None:
            swa_table = self._swa_kv_pool.translate_loc_from_full_to_swa(table)
        self.forward_metadata = FlashAttentionMetadata(
            cache_seqlens_int32=forward_batch.seq_lens.to(torch.int32),
            max_seq_len_k=max_k,
            page_table=table,
            swa_page_table=swa_table,
            window_size=(self.sliding_window_size or -1, 0),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        target = self.target_verify_metadata if self.topk else self.decode_cuda_graph_metadata
        target[bs] = "capture"

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
        target = self.target_verify_metadata if self.topk else self.decode_cuda_graph_metadata
        target[bs] = "replay"

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
