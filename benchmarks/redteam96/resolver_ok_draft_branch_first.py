"""Hybrid SWA backend for EAGLE-style speculative decoding (draft and target).

``_pick_swa_pool`` handles the draft worker first: a regular draft reads only its own
pool, while a frozen-KV MTP draft reads the target's hybrid cache through the shared
allocator. Target runners simply use their own pool.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SpecDecodeMetadata:
    topk: int = 1
    num_steps: int = 1
    seq_lens: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None
    custom_mask: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        sliding_window_size: int = 4096,
        topk: int = 1,
        speculative_num_steps: int = 1,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        self.sliding_window_size = sliding_window_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self._pick_swa_pool(model_runner)
        self.forward_metadata: Optional[SpecDecodeMetadata] = None
        self._graph_kv_indptr: Optional[torch.Tensor] = None

    @staticmethod
    def _pick_swa_pool(model_runner) -> Optional[SWAKVPool]:
        own_pool = model_runner.token_to_kv_pool
        if model_runner.is_draft_worker:
            if isinstance(own_pool, SWAKVPool):
                return own_pool
            if model_runner.spec_algorithm.is_frozen_kv_mtp():
                target_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
                return target_cache if isinstance(target_cache, SWAKVPool) else None
            return None
        return own_pool if isinstance(own_pool, SWAKVPool) else None

    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        self.forward_metadata = SpecDecodeMetadata(
            topk=self.topk,
            num_steps=self.speculative_num_steps,
            seq_lens=forward_batch.seq_lens,
            kv_indptr=kv_indptr,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_kv_indptr = torch.zeros(
            (self.speculative_num_steps, max_bs * self.topk + 1),
            dtype=torch.int32,
            device=self.device,
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = SpecDecodeMetadata(
            topk=self.topk,
            num_steps=self.speculative_num_steps,
            kv_indptr=self._graph_kv_indptr[0, : bs * self.topk + 1],
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
        indptr = self._graph_kv_indptr[0]
        indptr[1 : bs + 1] = torch.cumsum(seq_lens[:bs], dim=0)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _window_slots(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        if self.sliding_window_size > 0 and self.swa_pool is not None:
            return self.swa_pool, self._window_slots(loc)
        return self.kv_pool, loc
