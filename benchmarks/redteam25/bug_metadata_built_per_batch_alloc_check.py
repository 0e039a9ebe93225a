"""Attention backend whose per-batch metadata carries SWA cache locations for windowed layers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    mode: str
    cache_seqlens: torch.Tensor
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None
    max_seqlen_q: int = 1


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.model_runner = model_runner
        self.skip_prefill = skip_prefill
        self.page_size = getattr(model_runner, "page_size", 1)
        self.device = getattr(model_runner, "device", "cpu")
        server_args = getattr(model_runner, "server_args", None)
        self.num_draft_tokens = getattr(server_args, "speculative_num_draft_tokens", None) or 1
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[ForwardMetadata] = None

    def _needs_swa_locs(self) -> bool:
        # re-evaluated per batch so a resized allocator is picked up
        return isinstance(self.model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def init_forward_metadata(self, loc, mode="decode"):
        bs = loc.numel()
        q_len = self.num_draft_tokens if mode == "target_verify" else 1
        md = ForwardMetadata(
            mode=mode,
            cache_seqlens=torch.full((bs,), q_len, dtype=torch.int32),
            cache_loc=loc.to(torch.int64),
            max_seqlen_q=q_len,
        )
        if self._needs_swa_locs():
            allocator = self.model_runner.token_to_kv_pool_allocator
            md.swa_cache_loc = allocator.translate_loc_from_full_to_swa(md.cache_loc)
        self.forward_metadata = md

    def forward_extend(self, loc, window):
        self.init_forward_metadata(loc, mode="extend")
        return self.token_to_kv_pool, self.forward_metadata.cache_loc

    def forward(self, loc, mode="decode", window=4096):
        if mode == "extend":
            return self.forward_extend(loc, window)
        self.init_forward_metadata(loc, mode)
        md = self.forward_metadata
        use_swa = window > -1 and md.swa_cache_loc is not None
        return self.token_to_kv_pool, md.swa_cache_loc if use_swa else md.cache_loc

    def forward_decode(self, loc):
        return self.forward(loc, mode="decode")
