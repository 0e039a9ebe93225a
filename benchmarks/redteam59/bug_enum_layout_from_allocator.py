"""Decode backend that selects its KV indexing mode from an enum.

``KVIndexMode`` knows how to classify a runner and how to map full-pool
locations into the index space of the buffers being read.
"""

from __future__ import annotations

import enum
import logging

import torch

logger = logging.getLogger(__name__)


class KVIndexMode(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"

    @classmethod
    def detect(cls, model_runner) -> "KVIndexMode":
        allocator = model_runner.token_to_kv_pool_allocator
        if hasattr(allocator, "size_swa") and allocator.size_swa > 0:
            return cls.HYBRID_SWA
        return cls.FULL

    @property
    def needs_translation(self) -> bool:
        return self is KVIndexMode.HYBRID_SWA

    def kv_locations(self, model_runner, loc: torch.Tensor) -> torch.Tensor:
        if self.needs_translation:
            return model_runner.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
        return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.mode = KVIndexMode.detect(model_runner)
        self.max_bs = model_runner.req_to_token_pool.size
        self.graph_kv_indices = torch.zeros(self.max_bs, dtype=torch.int64, device=self.device)
        logger.info("attention backend kv index mode: %s", self.mode.value)

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor) -> torch.Tensor:
        kv_loc = self.mode.kv_locations(self.model_runner, loc)
        self.graph_kv_indices[: kv_loc.numel()].copy_(kv_loc)
        return self.graph_kv_indices[: kv_loc.numel()]

    def forward_decode(self, loc: torch.Tensor):
        kv_loc = self.init_forward_metadata_replay_cuda_graph(loc)
        return self.kv_pool, kv_loc.clone()
