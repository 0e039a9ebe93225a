"""Decode backend that binds the pool's own index translator once at construction."""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)

Translator = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Hybrid pools map full-attention slots to the window slots they mirror.
        self._translate: Optional[Translator] = getattr(
            self.pool, "translate_loc_from_full_to_swa", None
        )
        self.page_size = allocator.page_size
        logger.info(
            "pool=%s allocator=%s window_translation=%s",
            type(self.pool).__name__,
            type(allocator).__name__,
            self._translate is not None,
        )

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.out_cache_loc = out_cache_loc
        self.swa_out_cache_loc = (
            self._translate(out_cache_loc) if self._translate is not None else None
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def forward_decode(self, loc):
        if self._translate is not None:
            loc = self._translate(loc)
        return self.pool, loc
