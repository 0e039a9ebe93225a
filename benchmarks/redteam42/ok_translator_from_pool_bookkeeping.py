"""Hybrid-SWA paged decode backend; allocator used only for free-slot bookkeeping."""

import logging
import operator
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)

_translator_of = operator.attrgetter("translate_loc_from_full_to_swa")


@dataclass
class SlotStats:
    total: int = 0
    free: int = 0
    history: list = field(default_factory=list)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.device = model_runner.device
        self.stats = SlotStats(
            total=getattr(self.allocator, "size", 0),
            free=self.allocator.available_size(),
        )
        self._translate = None
        try:
            self._translate = _translator_of(self.pool)
        except AttributeError:
            logger.debug("pool %s has no window translation", type(self.pool).__name__)
        self.hybrid_allocator = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.forward_metadata: Optional[dict] = None

    def record_free_slots(self):
        free = self.allocator.available_size()
        self.stats.history.append(free)
        self.stats.free = free
        if self.hybrid_allocator:
            logger.debug("swa free slots: %s", self.allocator.swa_available_size())

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_cache_loc = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )
        self.cuda_graph_seq_lens = torch.zeros(max_bs, dtype=torch.int32, device=self.device)

    def init_forward_metadata(self, forward_batch):
        self.record_free_slots()
        self.forward_metadata = {"seq_lens": forward_batch.seq_lens}

    def forward_decode(self, loc):
        if self._translate is not None:
            loc = self._translate(loc)
        return self.pool, loc
