"""Decode backend that selects its KV indexing mode from an enum.

Each ``KVIndexMode`` member carries the function used to produce read
locations; the member is chosen from the type of the KV pool being read.
"""

from __future__ import annotations

import enum
import functools
import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _identity(pool, loc: torch.Tensor) -> torch.Tensor:
    return loc


def _full_to_swa(pool, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


class KVIndexMode(enum.Enum):
    FULL = functools.partial(_identity)
    HYBRID_SWA = functools.partial(_full_to_swa)

    @classmethod
    def for_pool(cls, pool) -> "KVIndexMode":
        return cls.HYBRID_SWA if isinstance(pool, SWAKVPool) else cls.FULL

    def __call__(self, pool, loc: torch.Tensor) -> torch.Tensor:
        return self.value(pool, loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.mode = KVIndexMode.for_pool(self.kv_pool)
        self.max_bs = model_runner.req_to_token_pool.size
        self.graph_kv_indices = torch.zeros(self.max_bs, dtype=torch.int64, device=self.device)
        logger.info("attention backend kv index mode: %s", self.mode.name)

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor) -> torch.Tensor:
        kv_loc = self.mode(self.kv_pool, loc)
        self.graph_kv_indices[: kv_loc.numel()].copy_(kv_loc)
        return self.graph_kv_indices[: kv_loc.numel()]

    def forward_decode(self, loc: torch.Tensor):
        kv_loc = self.init_forward_metadata_replay_cuda_graph(loc)
        return self.kv_pool, kv_loc.clone()
