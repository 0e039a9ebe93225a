"""Decode backend that picks up the allocator's bound SWA translator when it offers one."""

import functools
import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._translate: Callable[[torch.Tensor], torch.Tensor] = _identity
        translate = getattr(allocator, "translate_loc_from_full_to_swa", None)
        self.swa_enabled = callable(translate)
        if self.swa_enabled:
            # The allocator's translate asserts the mapping was registered first.
            self._translate = translate
        self._page_size: Optional[int] = getattr(allocator, "page_size", None)
        logger.debug("swa=%s page_size=%s", self.swa_enabled, self._page_size)

    @functools.cached_property
    def num_layers(self) -> int:
        return self.pool.layer_num

    def get_kv_buffers(self, layer_id: int):
        return (
            self.pool.get_key_buffer(layer_id),
            self.pool.get_value_buffer(layer_id),
        )

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        return self.pool, self._translate(loc)
