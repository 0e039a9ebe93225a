"""aiter backend: SWA pool lookup shared by decode and verify.

``_resolve_swa_kv_pool`` returns the sliding-window pool that block tables are
built against. Non-speculative draft runners (e.g. a standalone small model)
are skipped; otherwise the allocator's KV cache is consulted when the active
pool has no sliding-window component.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class AiterMetadata:
    def __init__(self, kv_indices: torch.Tensor, swa_kv_indices: Optional[torch.Tensor] = None):
        self.kv_indices = kv_indices
        self.swa_kv_indices = swa_kv_indices


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 1024):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.sliding_window_size = sliding_window_size
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[AiterMetadata] = None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker and model_runner.spec_algorithm.is_none():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        md = AiterMetadata(kv_indices=loc)
        if self.swa_kv_pool is not None:
            md.swa_kv_indices = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if self.sliding_window_size > -1 and md.swa_kv_indices is not None:
            return self.swa_kv_pool, md.swa_kv_indices
        return self.token_to_kv_pool, md.kv_indices
