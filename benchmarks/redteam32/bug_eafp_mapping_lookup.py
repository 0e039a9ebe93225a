"""Decode backend that looks up the full->SWA mapping EAFP-style instead of type checks."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class SWAState:
    mapping: Optional[torch.Tensor] = None

    @property
    def enabled(self) -> bool:
        return self.mapping is not None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa = SWAState()
        try:
            self.swa.mapping = model_runner.token_to_kv_pool_allocator.full_to_swa_index_mapping
        except AttributeError:
            logger.debug("allocator has no full->SWA mapping; full attention only")

    def _page_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa.enabled:
            loc = self.swa.mapping[loc]
        if self.page_size > 1:
            loc = loc // self.page_size
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._page_indices(loc)
