"""Decode-only attention backend whose metrics setup records whether the allocator is hybrid."""

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_loc: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None
    max_seq_len: int = 0


@dataclass
class BackendStats:
    allocator_kind: str = "plain"
    counters: Dict[str, int] = field(default_factory=dict)

    def bump(self, key: str, n: int = 1) -> None:
        self.counters[key] = self.counters.get(key, 0) + n


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        # Exported on the /metrics endpoint so that hybrid deployments can be told apart.
        self.stats = BackendStats()
        self._hybrid = isinstance(allocator, SWATokenToKVPoolAllocator)
        if self._hybrid:
            self.stats.allocator_kind = "hybrid-swa"
            self.stats.counters["swa_capacity"] = allocator.size_swa
        self.forward_metadata: Optional[DecodeMetadata] = None
        logger.debug("decode backend ready (%s)", self.stats.allocator_kind)

    def init_forward_metadata(self, seq_lens: torch.Tensor, cache_loc: torch.Tensor):
        self.forward_metadata = DecodeMetadata(
            cache_loc=cache_loc,
            seq_lens=seq_lens,
            max_seq_len=int(seq_lens.max().item()) if seq_lens.numel() else 0,
        )

    def _window_loc(self, loc: torch.Tensor) -> torch.Tensor:
        self.stats.bump("window_translations", loc.numel())
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        self.stats.bump("decode_steps")
        if self._hybrid:
            loc = self._window_loc(loc)
        return self.token_to_kv_pool, loc
