"""Decode backend that gathers SWA slots through the pool's own full->SWA mapping tensor."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


def _pool_index_mapping(token_to_kv_pool) -> Optional[torch.Tensor]:
    """The full->SWA index mapping of a hybrid pool, or None for a full-only pool."""
    return getattr(token_to_kv_pool, "full_to_swa_index_mapping", None)


class WindowIndexGather:
    """Gathers window-pool slots for the decode wrapper from a mapping tensor."""

    def __init__(self, full_to_swa_index_mapping: Optional[torch.Tensor]):
        self.full_to_swa_index_mapping = full_to_swa_index_mapping

    @property
    def enabled(self) -> bool:
        return self.full_to_swa_index_mapping is not None

    def __call__(self, kv_indices: torch.Tensor) -> torch.Tensor:
        if not self.enabled:
            return kv_indices
        return self.full_to_swa_index_mapping[kv_indices].to(torch.int64)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cpu")
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.gather = WindowIndexGather(_pool_index_mapping(self.token_to_kv_pool))
        logger.info(
            "decode backend on %s: window gather %s",
            self.device,
            "enabled" if self.gather.enabled else "disabled",
        )

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        return self.gather(loc)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.init_forward_metadata(loc)
