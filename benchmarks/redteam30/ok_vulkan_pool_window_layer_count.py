"""Vulkan attention backend that counts sliding-window layers on its own KV pool."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class VulkanKVInfo:
    swa_layers: int = 0
    full_layers: int = 0
    extra: Dict[str, int] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        self.kv_info = VulkanKVInfo(
            swa_layers=getattr(self.kv_pool, "swa_layer_nums", 0),
            full_layers=getattr(self.kv_pool, "full_layer_nums", 0),
            extra={"allocator_free": allocator.available_size()},
        )
        self.loc: Optional[torch.Tensor] = None
        logger.info("Vulkan backend KV info: %s", self.kv_info)

    @property
    def sliding_window(self) -> bool:
        return self.kv_info.swa_layers > 0

    def init_forward_metadata(self, forward_batch):
        self.loc = forward_batch.out_cache_loc

    def forward_decode(self, loc):
        if self.sliding_window:
            loc = self.kv_pool.full_to_swa_index_mapping[loc]
        return self.kv_pool, loc
