"""AITER backend: sliding-window settings gathered into a frozen config dataclass."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class AiterSlidingWindowConfig:
    enabled: bool
    full_to_swa: Optional[torch.Tensor] = None
    window_size: int = -1

    @classmethod
    def from_runner(cls, model_runner) -> "AiterSlidingWindowConfig":
        server_args = model_runner.server_args
        if getattr(server_args, "disable_sliding_window", False):
            return cls(enabled=False)
        owner = model_runner.token_to_kv_pool_allocator
        mapping = getattr(owner, "full_to_swa_index_mapping", None)
        return cls(
            enabled=mapping is not None,
            full_to_swa=mapping,
            window_size=getattr(model_runner, "sliding_window_size", None) or -1,
        )


@dataclass
class AiterForwardMetadata:
    kv_indices: torch.Tensor
    max_seq_len: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_cache = model_runner.token_to_kv_pool
        self.swa_cfg = AiterSlidingWindowConfig.from_runner(model_runner)
        self.num_kv_heads = getattr(model_runner.model_config, "num_key_value_heads", 1)
        self.workspace = torch.empty(0, dtype=torch.uint8)
        self.forward_metadata: Optional[AiterForwardMetadata] = None

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.swa_cfg.enabled:
            return loc
        return self.swa_cfg.full_to_swa[loc]

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata = AiterForwardMetadata(
            kv_indices=self._kv_indices(loc), max_seq_len=int(loc.numel())
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_cache, self.forward_metadata.kv_indices
