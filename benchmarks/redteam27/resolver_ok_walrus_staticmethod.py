"""Hybrid decode backend with a static SWA-pool resolver written with assignment expressions."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """The hybrid pool this runner's window layers read, or None."""
        if isinstance(active := model_runner.token_to_kv_pool, SWAKVPool):
            return active
        spec = model_runner.spec_algorithm
        if getattr(model_runner, "is_draft_worker", False) and not spec.is_frozen_kv_mtp():
            # EAGLE-style drafts own their cache; the shared allocator's table is the target's.
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, seq_lens: torch.Tensor, out_cache_loc: torch.Tensor):
        self.forward_metadata.cache_seqlens = seq_lens.to(torch.int32)
        if self._swa_kv_pool is not None:
            self.forward_metadata.swa_out_cache_loc = (
                self._swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
            )

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
