"""Decode backend that sizes its sliding-window buffers from the SWA token budget."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    out_cache_loc: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.max_total_num_tokens = allocator.size
        self.swa_num_tokens = int(getattr(allocator, "size_swa", 0) or 0)
        self.is_hybrid = self.swa_num_tokens > 0
        self.swa_loc_buffer: Optional[torch.Tensor] = None
        self.forward_metadata = DecodeMetadata()
        logger.info("full tokens=%d swa tokens=%d", self.max_total_num_tokens, self.swa_num_tokens)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.is_hybrid:
            self.swa_loc_buffer = torch.zeros(max_num_tokens, dtype=torch.int64)

    def _to_swa(self, loc: torch.Tensor) -> torch.Tensor:
        swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        if self.swa_loc_buffer is not None:
            self.swa_loc_buffer[: swa_loc.numel()].copy_(swa_loc)
        return swa_loc

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        md = DecodeMetadata(out_cache_loc=out_cache_loc)
        if self.is_hybrid:
            md.swa_out_cache_loc = self._to_swa(out_cache_loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is None:
            return self.token_to_kv_pool, md.out_cache_loc
        return self.token_to_kv_pool, md.swa_out_cache_loc
