"""Decode backend that gathers SWA slots through the allocator's full->SWA mapping tensor."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class WindowIndexGather:
    """Gathers window-pool slots from a full->SWA mapping tensor."""

    def __init__(self, full_to_swa_index_mapping: Optional[torch.Tensor]):
        self.full_to_swa_index_mapping = full_to_swa_index_mapping
        self.gathered = 0

    def __call__(self, kv_indices: torch.Tensor) -> torch.Tensor:
        if self.full_to_swa_index_mapping is None:
            return kv_indices
        self.gathered += kv_indices.numel()
        return self.full_to_swa_index_mapping[kv_indices].to(torch.int64)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cpu")
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        self.gather = WindowIndexGather(mapping)
        logger.info(
            "decode backend on %s: window gather %s",
            self.device,
            "enabled" if mapping is not None else "disabled",
        )

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        return self.gather(loc)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.init_forward_metadata(loc)
