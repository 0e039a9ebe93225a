"""Backend that reserves graph scratch slots through the allocator and needs both sides SWA."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ScratchMetadata:
    seq_lens: Optional[torch.Tensor] = None
    slots: Optional[torch.Tensor] = None
    scratch: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        # Both must agree: the allocator tracks SWA slots and the pool we read has them.
        self.use_sliding_window = isinstance(
            self.allocator, SWATokenToKVPoolAllocator
        ) and isinstance(self.token_to_kv_pool, SWAKVPool)
        self.scratch_slots: Optional[torch.Tensor] = None
        self.forward_metadata: Optional[ScratchMetadata] = None
        self.graph_bs: list = []

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        # Padding tokens of captured graphs write into slots we own.
        self.scratch_slots = self.allocator.alloc(max_num_tokens)
        if self.scratch_slots is None:
            logger.warning("no free slots for %d graph padding tokens", max_num_tokens)
        self.graph_bs = list(range(1, max_bs + 1))

    def release_cuda_graph_state(self):
        if self.scratch_slots is not None:
            self.allocator.free(self.scratch_slots)
            self.scratch_slots = None

    def _slots(self, slots: torch.Tensor) -> torch.Tensor:
        if self.use_sliding_window:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(slots)
        return slots

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = ScratchMetadata(
            seq_lens=forward_batch.seq_lens,
            slots=self._slots(forward_batch.out_cache_loc),
            scratch=self.scratch_slots,
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.last_capture = (bs, num_tokens)

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
        self.last_replay = (bs, seq_lens_sum)

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._slots(loc)
