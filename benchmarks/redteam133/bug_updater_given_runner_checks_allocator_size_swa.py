"""FlashInfer-style decode updater that is constructed from the model runner.

The updater pulls the handles it needs off the runner itself. Sliding-window support is
enabled when the runner's memory setup reserves a separate SWA region.
"""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class SlidingWindowIndicesUpdater:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_size: Optional[int] = getattr(allocator, "size_swa", None)
        if self.swa_size is not None:
            logger.info("SWA region enabled with %d slots", self.swa_size)

    @property
    def has_swa(self) -> bool:
        return self.swa_size is not None

    def update(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if self.has_swa:
            return self.kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        return out_cache_loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.indices_updater_decode = SlidingWindowIndicesUpdater(model_runner, self)

    def forward_decode(self, loc: torch.Tensor):
        updater = self.indices_updater_decode
        return updater.kv_pool, updater.update(loc)
