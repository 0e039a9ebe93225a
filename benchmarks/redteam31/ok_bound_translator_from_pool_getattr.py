"""Decode backend that binds the pool's full-to-window translator once at construction."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)

Translator = Callable[[torch.Tensor], torch.Tensor]


@dataclass
class DecodeMetadata:
    out_cache_loc: Optional[torch.Tensor] = None
    window_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.page_size = alloc.page_size
        # Bound once: the scheduler polls this every step for its KV usage gauge.
        self._free_slots = alloc.available_size

        # Pools with sliding-window layers expose a translator into the window buffer.
        self._to_window: Optional[Translator] = getattr(
            self.pool, "translate_loc_from_full_to_swa", None
        )
        logger.debug(
            "page_size=%d window translation=%s", self.page_size, self._to_window is not None
        )
        self.forward_metadata = DecodeMetadata()

    def kv_usage(self) -> int:
        return self._free_slots()

    def init_forward_metadata(self, forward_batch):
        out = forward_batch.out_cache_loc
        window = self._to_window(out) if self._to_window is not None else None
        self.forward_metadata = DecodeMetadata(out_cache_loc=out, window_out_cache_loc=window)

    def forward_decode(self, loc):
        if self._to_window is not None:
            loc = self._to_window(loc)
        return self.pool, loc
