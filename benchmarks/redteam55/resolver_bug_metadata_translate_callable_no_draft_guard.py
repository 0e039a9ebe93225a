"""FlashInfer-style decode backend whose per-step metadata carries a `translate` callable."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    kv_indptr: torch.Tensor
    kv_last_page_len: torch.Tensor
    translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        max_bs = getattr(model_runner, "max_running_requests", 32) or 32
        self.kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)
        self.kv_last_page_len = torch.ones(max_bs, dtype=torch.int32, device=self.device)
        self.swa_pool = self._lookup_swa_pool()
        self.forward_metadata = self._fresh_metadata()

    def _lookup_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        # Wrapped or proxied pools: ask the allocator which cache it serves.
        cache = self.allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def _fresh_metadata(self) -> ForwardMetadata:
        translate = None
        if self.swa_pool is not None:
            translate = self.swa_pool.translate_loc_from_full_to_swa
        return ForwardMetadata(self.kv_indptr, self.kv_last_page_len, translate)

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = self._fresh_metadata()
        logger.debug("metadata for bs=%s", getattr(forward_batch, "batch_size", "?"))

    def init_forward_metadata_capture_cuda_graph(self, bs: int):
        self.kv_indptr[: bs + 1].zero_()
        self.forward_metadata = self._fresh_metadata()

    def forward_decode(self, loc):
        md = self.forward_metadata
        locations = md.translate(loc) if md.translate is not None else loc
        return self.kv_pool, locations
