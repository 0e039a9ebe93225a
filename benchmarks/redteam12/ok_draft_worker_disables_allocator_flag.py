"""Backend that derives the SWA switch from the allocator but turns it off on draft workers."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class DraftAwareMetadata:
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    is_draft: bool = False


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.is_draft_worker = bool(getattr(model_runner, "is_draft_worker", False))
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Draft workers own a separate full-attention pool even when the (shared)
        # allocator is the hybrid one, so only the target reads SWA slots.
        self.use_sliding_window_kv_pool = (
            isinstance(allocator, SWATokenToKVPoolAllocator) and not self.is_draft_worker
        )
        self.forward_metadata: Optional[DraftAwareMetadata] = None
        self.graph_records: list = []
        logger.info("draft=%s swa=%s", self.is_draft_worker, self.use_sliding_window_kv_pool)

    def _slots(self, slots: torch.Tensor) -> torch.Tensor:
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(slots)
        return slots

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens.max().item())
        self.forward_metadata = DraftAwareMetadata(
            seq_lens=forward_batch.seq_lens,
            page_table=self._slots(self.req_to_token[forward_batch.req_pool_indices, :max_len]),
            is_draft=self.is_draft_worker,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_records.append(("state", max_bs, max_num_tokens))

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph_records.append(("capture", bs))

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
        self.graph_records.append(("replay", bs))

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._slots(loc)
