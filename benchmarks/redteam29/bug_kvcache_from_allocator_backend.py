"""Triton-style decode backend that takes its KV buffers from the token allocator."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TritonDecodeMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    window_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_context_len = model_runner.model_config.context_len
        allocator = model_runner.token_to_kv_pool_allocator
        # The allocator is the single source of truth for which buffers a
        # token index refers to.
        self.token_to_kv_pool = allocator.get_kvcache()
        self.sliding_window = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.num_kv_splits = 8
        self.forward_metadata = TritonDecodeMetadata()
        logger.info(
            "triton decode: pool=%s sliding_window=%s",
            type(self.token_to_kv_pool).__name__,
            self.sliding_window,
        )

    def init_forward_metadata(self, kv_indices: torch.Tensor):
        indptr = torch.tensor([0, kv_indices.numel()], dtype=torch.int32)
        window = None
        if self.sliding_window:
            window = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = TritonDecodeMetadata(indptr, kv_indices, window)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.window_kv_indices is not None:
            return self.token_to_kv_pool, md.window_kv_indices
        return self.token_to_kv_pool, md.kv_indices
