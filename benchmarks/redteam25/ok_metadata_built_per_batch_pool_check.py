"""Attention backend whose per-batch metadata carries SWA cache locations for windowed layers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    mode: str
    cache_seqlens: torch.Tensor
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.model_runner = model_runner
        self.page_size = getattr(model_runner, "page_size", 1)
        server_args = getattr(model_runner, "server_args", None)
        self.num_draft_tokens = getattr(server_args, "speculative_num_draft_tokens", None) or 1
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[ForwardMetadata] = None

    def _needs_swa_locs(self) -> bool:
        # re-evaluated per batch: speculative views may swap the active pool
        return isinstance(self.token_to_kv_pool, SWAKVPool)

    def init_forward_metadata(self, loc, mode="decode"):
        bs = loc.numel()
        q_len = self.num_draft_tokens if mode == "target_verify" else 1
        md = ForwardMetadata(
            mode=mode,
            cache_seqlens=torch.full((bs,), q_len, dtype=torch.int32),
            cache_loc=loc.to(torch.int64),
        )
        if self._needs_swa_locs():
            md.swa_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(md.cache_loc)
        else:
            alloc = self.model_runner.token_to_kv_pool_allocator
            logger.debug(
                "full-only pool; allocator %s page=%s", type(alloc).__name__, alloc.page_size
            )
        self.forward_metadata = md

    def forward(self, loc, mode="decode", window=4096):
        self.init_forward_metadata(loc, mode)
        md = self.forward_metadata
        use_swa = window > -1 and md.swa_cache_loc is not None and mode != "extend"
        return self.token_to_kv_pool, md.swa_cache_loc if use_swa else md.cache_loc

    def forward_decode(self, loc):
        return self.forward(loc, mode="decode")
