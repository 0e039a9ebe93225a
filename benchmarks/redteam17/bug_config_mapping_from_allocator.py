"""Backend whose metadata config dataclass captures the allocator's full_to_swa_index_mapping and indexes it on decode."""

from dataclasses import dataclass, field
from typing import Optional

import torch


@dataclass
class DecodeMetadataConfig:
    page_size: int = 1
    full_to_swa: Optional[torch.Tensor] = field(default=None, repr=False)

    @classmethod
    def from_model_runner(cls, model_runner) -> "DecodeMetadataConfig":
        allocator = model_runner.token_to_kv_pool_allocator
        return cls(
            page_size=allocator.page_size,
            full_to_swa=getattr(allocator, "full_to_swa_index_mapping", None),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.metadata_cfg = DecodeMetadataConfig.from_model_runner(model_runner)

    def forward_decode(self, loc):
        mapping = self.metadata_cfg.full_to_swa
        if mapping is not None:
            loc = mapping[loc]
        return self.token_to_kv_pool, loc
