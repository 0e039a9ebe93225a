"""FA3-style backend that reaches the hybrid cache through the memory manager's backing store."""

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
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.window = getattr(model_runner, "sliding_window_size", None)
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[SWAKVPool] = self._lookup_swa_pool(model_runner)
        self.forward_metadata: Optional[FlashAttentionMetadata] = None
        self.decode_cuda_graph_metadata: dict = {}

    @staticmethod
    def _lookup_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        # Wrapped pools (offload / hicache) hide the hybrid cache; the memory manager
        # still holds a direct reference to it.
        backing = getattr(model_runner.token_to_kv_pool_allocator, "_kvcache", None)
        if isinstance(backing, SWAKVPool):
            logger.info("using the memory manager's hybrid cache for window layers")
            return backing
        return None

    def init_forward_metadata(self, forward_batch):
        max_k = int(forward_batch.seq_lens_cpu.max().item())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_k]
        self.forward_metadata = FlashAttentionMetadata(
            cache_seqlens_int32=forward_batch.seq_lens.to(torch.int32),
            max_seq_len_k=max_k,
            page_table=table,
            swa_page_table=(
                self._swa_kv_pool.translate_loc_from_full_to_swa(table)
                if self._swa_kv_pool is not None
                else None
            ),
            window_size=(self.window or -1, 0),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.decode_cuda_graph_metadata[bs] = "capture"

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
        self.decode_cuda_graph_metadata[bs] = "replay"

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self._swa_kv_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
