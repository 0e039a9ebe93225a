"""Sliding-window decode backend.

TODO(kv-migration): detection still reads the allocator's SWA capacity; move
it onto the pool once the pool exposes its own SWA size.
"""

import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = -1):
        self.model_runner = model_runner
        self.sliding_window_size = sliding_window_size
        allocator = model_runner.token_to_kv_pool_allocator
        # TODO(kv-migration): replace with a pool-side check.
        swa_capacity = getattr(allocator, "size_swa", 0)
        self.use_swa = swa_capacity > 0
        if self.use_swa:
            self.kv_pool = allocator.get_kvcache()
            logger.info("SWA decode enabled, swa capacity=%d", swa_capacity)
        else:
            self.kv_pool = model_runner.token_to_kv_pool

    def forward_extend(self, *args, **kwargs):
        # TODO: extend path not ported yet.
        raise NotImplementedError

    def forward_decode(self, loc: torch.Tensor):
        if self.use_swa:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
