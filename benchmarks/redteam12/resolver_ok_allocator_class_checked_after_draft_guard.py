"""Triton-style backend whose SWA resolver checks the allocator class only after the draft guard."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TritonMetadata:
    num_kv_splits: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    window_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        server_args = model_runner.server_args
        self.max_kv_splits = getattr(server_args, "triton_attention_num_kv_splits", 8)
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)
        self.forward_metadata: Optional[TritonMetadata] = None
        self.cuda_graph_state: dict = {}

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        allocator = model_runner.token_to_kv_pool_allocator
        if not isinstance(allocator, SWATokenToKVPoolAllocator):
            return None
        kvcache = allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        kv_indptr = self.kv_indptr[: bs + 1]
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        kv_indices = torch.cat(
            [
                self.req_to_token[r, : int(s)]
                for r, s in zip(
                    forward_batch.req_pool_indices.tolist(), forward_batch.seq_lens.tolist()
                )
            ]
        )
        window = None
        if self.swa_kv_pool is not None:
            window = self.swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = TritonMetadata(
            num_kv_splits=torch.clamp(forward_batch.seq_lens // 64 + 1, max=self.max_kv_splits),
            kv_indptr=kv_indptr,
            kv_indices=kv_indices,
            window_kv_indices=window,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_state.update(max_bs=max_bs, max_num_tokens=max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.cuda_graph_state[("capture", bs)] = num_tokens

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
        self.cuda_graph_state[("replay", bs)] = seq_lens_sum

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return torch.empty_like(q)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
