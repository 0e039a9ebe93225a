"""Decode backend for hybrid full/sliding-window attention stacks.

The full->SWA index mapping maintained by the allocator is picked up at
startup and logged for capacity debugging; decode indexes it directly to get
sliding-window locations without a per-step method call.
"""

import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = True):
        self.model_runner = model_runner
        self.strict = strict
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        if mapping is not None:
            logger.info(
                "allocator full->swa mapping: %d entries (%s)",
                mapping.numel(),
                type(allocator).__name__,
            )
        self.full_to_swa_index_mapping = mapping
        if self.full_to_swa_index_mapping is not None and self.strict:
            assert self.full_to_swa_index_mapping.dim() == 1, "unexpected mapping layout"

    def forward_decode(self, loc: torch.Tensor):
        if self.full_to_swa_index_mapping is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.full_to_swa_index_mapping[loc]
