"""Wave attention backend port whose SWA-pool resolver reads the draft flag under a different attribute name."""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class ForwardMetadata:
    num_kv_splits: Optional[torch.Tensor]
    kv_indptr: Optional[torch.Tensor]
    kv_indices: Optional[torch.Tensor]


class GeneratedAttnBackend:
    """WaveAttnBackend, decode indices only."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.num_head = model_runner.model_config.num_attention_heads
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.num_kv_splits = 8
        self.forward_metadata: Optional[ForwardMetadata] = None

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        is_draft = getattr(model_runner, "is_draft_model", False)
        if is_draft and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, loc: torch.Tensor):
        bs = loc.shape[0]
        kv_indices = loc
        if self.swa_kv_pool is not None:
            kv_indices = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = ForwardMetadata(
            num_kv_splits=torch.full((bs,), self.num_kv_splits, dtype=torch.int32),
            kv_indptr=torch.arange(bs + 1, dtype=torch.int32),
            kv_indices=kv_indices,
        )

    def forward_decode(self, loc: torch.Tensor):
        """(pool, kv_indices) for the wave decode kernel."""
        self.init_forward_metadata(loc)
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self.forward_metadata.kv_indices
