"""Decode backend that works out its sliding-window mode lazily with functools.cached_property."""

import logging
from dataclasses import dataclass
from functools import cached_property
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_bs = model_runner.max_running_requests
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.forward_metadata: Optional[DecodeMetadata] = None
        self.cuda_graph_cache_seqlens = torch.zeros(
            self.max_bs, dtype=torch.int32, device=self.device
        )

    @cached_property
    def kv_pool(self):
        return self.model_runner.token_to_kv_pool

    @cached_property
    def sliding_window_enabled(self) -> bool:
        # hybrid checkpoints get a dedicated allocator for the windowed layers
        allocator = self.model_runner.token_to_kv_pool_allocator
        enabled = getattr(allocator, "swa_attn_allocator", None) is not None
        logger.debug("sliding window attention: %s", enabled)
        return enabled

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        seqlens = forward_batch.seq_lens.to(torch.int32)
        page_table = self.req_to_token[forward_batch.req_pool_indices, : int(seqlens.max())]
        metadata = DecodeMetadata(cache_seqlens=seqlens, page_table=page_table)
        if self.sliding_window_enabled:
            metadata.swa_page_table = self._swa_locations(page_table)
        self.cuda_graph_cache_seqlens[:bs].copy_(seqlens)
        self.forward_metadata = metadata

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.sliding_window_enabled:
            loc = self._swa_locations(loc)
        return self.kv_pool, loc
