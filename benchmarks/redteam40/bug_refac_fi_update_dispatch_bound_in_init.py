"""FlashInfer-style updater whose ``update`` is bound once in ``__init__`` (sliding window or
single wrapper), keyed on the allocator's window capacity that also sizes the buffers."""

from __future__ import annotations

import logging

import torch

logger = logging.getLogger(__name__)


class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        allocator = self.token_to_kv_pool_allocator
        self.cuda_graph_kv_indices = torch.zeros(allocator.size + 1, dtype=torch.int64)
        # Hybrid allocators report a separate window capacity.
        swa_tokens = getattr(allocator, "size_swa", 0)
        if swa_tokens > 0:
            self.update = self.update_sliding_window
        else:
            self.update = self.update_single_wrapper

    def update_single_wrapper(self, loc: torch.Tensor) -> torch.Tensor:
        return self._stage(loc)

    def update_sliding_window(self, loc: torch.Tensor) -> torch.Tensor:
        kv_indices = self._stage(loc)
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(kv_indices)

    def _stage(self, loc: torch.Tensor) -> torch.Tensor:
        n = loc.numel()
        self.cuda_graph_kv_indices[:n].copy_(loc)
        return self.cuda_graph_kv_indices[:n].clone()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner)
        logger.debug("decode updater: %s", self.indices_updater_decode.update.__func__.__name__)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.indices_updater_decode.update(loc)
