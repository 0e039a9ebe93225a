"""Decode backend with an always-on index translator defaulting to the identity."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable

import torch

logger = logging.getLogger(__name__)


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


@dataclass
class DecodeBuffers:
    out_cache_loc: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Full-attention allocators have nothing to translate.
        self.translate: Callable = (
            getattr(allocator, "translate_loc_from_full_to_swa", None) or _identity
        )
        self.buffers = DecodeBuffers(
            out_cache_loc=torch.zeros(
                model_runner.max_running_requests,
                dtype=torch.int64,
                device=model_runner.device,
            )
        )

    def init_forward_metadata_replay_cuda_graph(self, bs, out_cache_loc):
        self.buffers.out_cache_loc[:bs].copy_(self.translate(out_cache_loc))

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.translate(loc)
