"""Decode backend that sizes its admission budget and SWA mode from the allocator's counters."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_loc: Optional[torch.Tensor] = None
    swa_cache_loc: Optional[torch.Tensor] = None


@dataclass
class AdmissionBudget:
    full_tokens: int
    swa_tokens: Optional[int]
    page_size: int

    @property
    def windowed(self) -> bool:
        return self.swa_tokens is not None

    def pages(self) -> int:
        tokens = self.full_tokens
        if self.swa_tokens is not None:
            tokens = min(tokens, self.swa_tokens)
        return tokens // max(self.page_size, 1)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.budget = self._snapshot_budget()
        # A windowed budget means the model has sliding-window layers.
        self.is_swa = self.budget.windowed
        self.forward_metadata = DecodeMetadata()
        logger.debug("decode budget: %d pages (swa=%s)", self.budget.pages(), self.is_swa)

    def _snapshot_budget(self) -> AdmissionBudget:
        swa_tokens = None
        if hasattr(self.allocator, "swa_available_size"):
            swa_tokens = self.allocator.swa_available_size()
        return AdmissionBudget(self.allocator.available_size(), swa_tokens, self.page_size)

    def can_admit(self, num_tokens: int) -> bool:
        self.budget = self._snapshot_budget()
        return num_tokens <= self.budget.pages() * self.page_size

    def init_forward_metadata(self, loc):
        md = DecodeMetadata(cache_loc=loc)
        if self.is_swa:
            md.swa_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_cache_loc is not None:
            return self.token_to_kv_pool, md.swa_cache_loc
        return self.token_to_kv_pool, md.cache_loc
