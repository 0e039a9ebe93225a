"""Decode backend that translates KV locations EAFP-style, asking its pool for a window view."""

import contextlib
import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_loc: Optional[torch.Tensor] = None
    translated: bool = False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.forward_metadata = DecodeMetadata()
        with contextlib.suppress(AttributeError):
            logger.debug("allocator state: %s", self.allocator.debug_print())

    def _window_view(self, loc: torch.Tensor):
        # Full-only pools have no window buffer and no translator; use the indices as they are.
        try:
            return self.pool.translate_loc_from_full_to_swa(loc), True
        except AttributeError:
            return loc, False

    def init_forward_metadata(self, forward_batch):
        cache_loc, translated = self._window_view(forward_batch.out_cache_loc)
        self.forward_metadata = DecodeMetadata(cache_loc=cache_loc, translated=translated)

    def forward_decode(self, loc):
        loc, _ = self._window_view(loc)
        return self.pool, loc
