"""Decode backend that resolves its sliding-window pool lazily through a cached property."""

import functools
import logging
from dataclasses import dataclass, field
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    window_layers: List[int] = field(default_factory=list)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.pool = model_runner.token_to_kv_pool
        self.forward_metadata = DecodeMetadata()

    @functools.cached_property
    def window_pool(self) -> Optional[SWAKVPool]:
        runner = self._runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @functools.cached_property
    def window_layer_ids(self) -> List[int]:
        if self.window_pool is None:
            return []
        return sorted(i for i, (_, is_swa) in self.window_pool.layers_mapping.items() if is_swa)

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DecodeMetadata(
            seq_lens=forward_batch.seq_lens, window_layers=self.window_layer_ids
        )

    def forward_decode(self, loc):
        pool = self.window_pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
