"""Triton backend: hybrid SWA detection hardened for wrapped pools.

Some of our deployments wrap the active KV pool (host-offload shim), which
hides the ``SWAKVPool`` type. The fork therefore also looks at the cache the
allocator manages, and translates write/read locations through the allocator,
which forwards to whichever hybrid cache it was built with.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class ForwardMetadata:
    __slots__ = ("kv_indices", "swa_kv_indices", "num_kv_splits")

    def __init__(self, kv_indices: torch.Tensor, num_kv_splits: int) -> None:
        self.kv_indices = kv_indices
        self.swa_kv_indices: Optional[torch.Tensor] = None
        self.num_kv_splits = num_kv_splits


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 4):
        self.device = model_runner.device
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(
            self.token_to_kv_pool, SWAKVPool
        ) or isinstance(self.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool)
        self.forward_metadata: Optional[ForwardMetadata] = None

    def init_forward_metadata(self, kv_indices: torch.Tensor) -> None:
        md = ForwardMetadata(kv_indices, self.num_kv_splits)
        if self.use_sliding_window_kv_pool:
            md.swa_kv_indices = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(
                kv_indices
            )
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        indices = md.swa_kv_indices if md.swa_kv_indices is not None else md.kv_indices
        return self.token_to_kv_pool, indices
