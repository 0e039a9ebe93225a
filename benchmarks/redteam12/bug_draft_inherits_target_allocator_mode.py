"""Backend whose SWA switch comes from its pool, with drafts following the target's memory mode."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SpecAwareMetadata:
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    num_draft_tokens: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.is_draft_worker = getattr(model_runner, "is_draft_worker", False)
        server_args = model_runner.server_args
        self.num_draft_tokens = getattr(server_args, "speculative_num_draft_tokens", None) or 0
        self.topk = getattr(server_args, "speculative_eagle_topk", None) or 1
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = self._detect_swa(model_runner)
        self.forward_metadata: Optional[SpecAwareMetadata] = None
        self.graph_records: list = []

    def _detect_swa(self, model_runner) -> bool:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return True
        if self.is_draft_worker:
            # Draft workers run in lockstep with the target and share its memory manager,
            # so they follow the target's KV layout.
            allocator = model_runner.token_to_kv_pool_allocator
            return isinstance(allocator, SWATokenToKVPoolAllocator)
        return False

    def _slots(self, loc: torch.Tensor) -> torch.Tensor:
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens.max().item()) + self.num_draft_tokens
        max_len = min(max_len, self.req_to_token.shape[1])
        self.forward_metadata = SpecAwareMetadata(
            seq_lens=forward_batch.seq_lens,
            page_table=self._slots(self.req_to_token[forward_batch.req_pool_indices, :max_len]),
            num_draft_tokens=self.num_draft_tokens,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_records.append(("state", max_bs * max(self.topk, 1), max_num_tokens))

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph_records.append(("capture", bs, forward_mode))

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
        self.graph_records.append(("replay", bs, seq_lens_sum))

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._slots(loc)
