"""Backend that re-resolves its SWA pool per batch and treats an unknown speculative algorithm as not FROZEN_KV."""

import logging
from dataclasses import dataclass
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    swa_pool: Optional[Any] = None
    out_cache_loc: Optional[torch.Tensor] = None


def _frozen_kv_mtp(spec_algorithm) -> bool:
    try:
        return bool(spec_algorithm.is_frozen_kv_mtp())
    except (AttributeError, TypeError):
        # Plugin algorithms / older enums: never share the target's cache.
        return False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[ForwardMetadata] = None

    def _current_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        pool = runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        is_draft = getattr(runner, "is_draft_worker", False)
        if is_draft and not _frozen_kv_mtp(runner.spec_algorithm):
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        # The active pool can be swapped between batches (FROZEN_KV views),
        # so resolve against the runner's current state every time.
        self.forward_metadata = ForwardMetadata(
            swa_pool=self._current_swa_pool(), out_cache_loc=out_cache_loc
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_pool is None:
            return self.token_to_kv_pool, md.out_cache_loc
        return md.swa_pool, md.swa_pool.translate_loc_from_full_to_swa(md.out_cache_loc)
