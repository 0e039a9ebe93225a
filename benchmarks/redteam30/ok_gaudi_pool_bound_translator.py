"""Gaudi3 attention backend that binds the SWA translator from the runner's KV pool."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class Gaudi3Metadata:
    block_list: Optional[torch.Tensor] = None
    swa_block_list: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.max_bs = model_runner.max_running_requests
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "Gaudi3 backend: %d KV slots, page_size=%d", allocator.size, allocator.page_size
        )

        # Only hybrid pools know how to map full indices into the window pool.
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.kv_pool, "translate_loc_from_full_to_swa", None
        )
        self.metadata = Gaudi3Metadata()

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        swa_loc = self._to_swa(loc) if self._to_swa is not None else None
        self.metadata = Gaudi3Metadata(
            block_list=loc // self.page_size,
            swa_block_list=None if swa_loc is None else swa_loc // self.page_size,
        )

    def forward_decode(self, loc):
        if self._to_swa is not None:
            loc = self._to_swa(loc)
        return self.kv_pool, loc
