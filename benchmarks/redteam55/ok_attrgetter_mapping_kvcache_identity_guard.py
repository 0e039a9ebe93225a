"""Paged decode backend that snapshots the full->SWA index map via operator.attrgetter."""

import logging
import operator
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_get_swa_map = operator.attrgetter("full_to_swa_index_mapping")


@dataclass
class PoolView:
    num_slots: int
    page_size: int
    swa_map: Optional[torch.Tensor] = None

    @property
    def windowed(self) -> bool:
        return self.swa_map is not None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        page_size = getattr(model_runner, "page_size", 1) or 1
        self.view = PoolView(num_slots=int(self.kv_pool.size), page_size=page_size)

        # The allocator's map is only meaningful for the cache it manages; a draft
        # shares the allocator but reads its own pool, so require identity.
        get_cache = getattr(allocator, "get_kvcache", None)
        managed = get_cache() if get_cache is not None else None
        if managed is self.kv_pool and hasattr(allocator, "full_to_swa_index_mapping"):
            self.view.swa_map = _get_swa_map(allocator)
        elif managed is not None:
            logger.info(
                "allocator serves %s, backend reads %s; no window map",
                type(managed).__name__,
                type(self.kv_pool).__name__,
            )
        self.kv_indptr_buf = torch.zeros(
            (getattr(model_runner, "max_running_requests", 16) or 16) + 1,
            dtype=torch.int32,
            device=self.device,
        )

    def init_forward_metadata(self, forward_batch):
        bs = int(forward_batch.batch_size)
        self.kv_indptr_buf[1 : bs + 1] = torch.cumsum(forward_batch.seq_lens, 0)

    def _remap(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.view.windowed:
            return loc
        return self.view.swa_map[loc]

    def forward_decode(self, loc):
        return self.kv_pool, self._remap(loc)
